// Font.Width: the CSS font-stretch / fontconfig width scale (percent of the normal width).

extension Font {
    /// A font width as a percentage of the normal width: CSS `font-stretch` and fontconfig's
    /// `FC_WIDTH` use this scale (50 … 200, 100 normal). The named widths are those of CSS
    /// Fonts Level 4 and the OpenType `OS/2.usWidthClass` values 1 … 9.
    ///
    /// CoreText expresses width as `kCTFontWidthTrait` in -1…1; Pango as `PangoStretch`.
    public struct Width: Sendable, Hashable, Comparable, RawRepresentable, CustomStringConvertible {
        /// The width in percent, clamped to 50 … 200 (NaN reads as 100).
        public let rawValue: Double

        /// Creates a width; values outside 50 … 200 are clamped into that range and NaN is normal.
        public init(rawValue: Double) {
            self.rawValue = rawValue.isNaN ? 100 : min(max(rawValue, 50), 200)
        }

        /// 50 %, `usWidthClass` 1. Like `PANGO_STRETCH_ULTRA_CONDENSED`.
        public static let ultraCondensed = Width(rawValue: 50)
        /// 62.5 %, `usWidthClass` 2. Like `PANGO_STRETCH_EXTRA_CONDENSED`.
        public static let extraCondensed = Width(rawValue: 62.5)
        /// 75 %, `usWidthClass` 3. Like `PANGO_STRETCH_CONDENSED`.
        public static let condensed = Width(rawValue: 75)
        /// 87.5 %, `usWidthClass` 4. Like `PANGO_STRETCH_SEMI_CONDENSED`.
        public static let semiCondensed = Width(rawValue: 87.5)
        /// 100 %, `usWidthClass` 5. Like `PANGO_STRETCH_NORMAL`.
        public static let normal = Width(rawValue: 100)
        /// 112.5 %, `usWidthClass` 6. Like `PANGO_STRETCH_SEMI_EXPANDED`.
        public static let semiExpanded = Width(rawValue: 112.5)
        /// 125 %, `usWidthClass` 7. Like `PANGO_STRETCH_EXPANDED`.
        public static let expanded = Width(rawValue: 125)
        /// 150 %, `usWidthClass` 8. Like `PANGO_STRETCH_EXTRA_EXPANDED`.
        public static let extraExpanded = Width(rawValue: 150)
        /// 200 %, `usWidthClass` 9. Like `PANGO_STRETCH_ULTRA_EXPANDED`.
        public static let ultraExpanded = Width(rawValue: 200)

        /// The width of an `OS/2.usWidthClass` value (1 … 9); nil for any other value.
        package init?(widthClass: Int) {
            let widths: [Double] = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200]
            guard (1...9).contains(widthClass) else { return nil }
            self.init(rawValue: widths[widthClass - 1])
        }

        /// Narrower widths order first.
        public static func < (lhs: Width, rhs: Width) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The percentage, e.g. `"87.5%"`.
        public var description: String {
            rawValue == rawValue.rounded() ? "\(Int(rawValue))%" : "\(rawValue)%"
        }
    }
}
