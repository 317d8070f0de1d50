// Font.Weight: the CSS / OpenType weight scale (usWeightClass), 1...1000.

extension Font {
    /// A font weight on the CSS / OpenType `usWeightClass` scale, 1...1000 (400 is regular, 700 bold).
    ///
    /// CoreText expresses weight as `kCTFontWeightTrait` in -1...1; the named constants here
    /// correspond to `NSFont.Weight.thin` ... `.black`.
    public struct Weight: Sendable, Hashable, Comparable, RawRepresentable, CustomStringConvertible {
        /// The weight, clamped to 1...1000.
        public let rawValue: Int

        /// Creates a weight; values outside 1...1000 are clamped into that range.
        public init(rawValue: Int) {
            self.rawValue = min(max(rawValue, 1), 1000)
        }

        /// 100. Like `NSFont.Weight.thin`.
        public static let thin = Weight(rawValue: 100)
        /// 200. Like `NSFont.Weight.ultraLight`.
        public static let ultraLight = Weight(rawValue: 200)
        /// 300. Like `NSFont.Weight.light`.
        public static let light = Weight(rawValue: 300)
        /// 400. Like `NSFont.Weight.regular`.
        public static let regular = Weight(rawValue: 400)
        /// 500. Like `NSFont.Weight.medium`.
        public static let medium = Weight(rawValue: 500)
        /// 600. Like `NSFont.Weight.semibold`.
        public static let semibold = Weight(rawValue: 600)
        /// 700. Like `NSFont.Weight.bold`.
        public static let bold = Weight(rawValue: 700)
        /// 800. Like `NSFont.Weight.heavy`.
        public static let heavy = Weight(rawValue: 800)
        /// 900. Like `NSFont.Weight.black`.
        public static let black = Weight(rawValue: 900)

        /// Lighter weights order first.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The numeric weight, e.g. `"700"`.
        public var description: String { String(rawValue) }
    }
}
