// FontNames: a font's `name` table entries (CTFontCopyName, CTFontCopyFullName,
// CTFontCopyDisplayName) read through HarfBuzz.

import CHarfBuzz

extension Font {
    /// A `name` table entry, by OpenType name ID. Like CoreText's `kCTFont…NameKey` constants.
    public struct NameKey: RawRepresentable, Hashable, Sendable {
        /// The OpenType name ID.
        public let rawValue: UInt32
        /// A key for OpenType name ID `rawValue`.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Name ID 0. Like `kCTFontCopyrightNameKey`.
        public static let copyright = NameKey(rawValue: 0)
        /// Name ID 1. Like `kCTFontFamilyNameKey`.
        public static let family = NameKey(rawValue: 1)
        /// Name ID 2. Like `kCTFontSubFamilyNameKey`.
        public static let subfamily = NameKey(rawValue: 2)
        /// Name ID 3. Like `kCTFontUniqueNameKey`.
        public static let unique = NameKey(rawValue: 3)
        /// Name ID 4. Like `kCTFontFullNameKey`.
        public static let full = NameKey(rawValue: 4)
        /// Name ID 5. Like `kCTFontVersionNameKey`.
        public static let version = NameKey(rawValue: 5)
        /// Name ID 6. Like `kCTFontPostScriptNameKey`.
        public static let postScript = NameKey(rawValue: 6)
        /// Name ID 7. Like `kCTFontTrademarkNameKey`.
        public static let trademark = NameKey(rawValue: 7)
        /// Name ID 8. Like `kCTFontManufacturerNameKey`.
        public static let manufacturer = NameKey(rawValue: 8)
        /// Name ID 9. Like `kCTFontDesignerNameKey`.
        public static let designer = NameKey(rawValue: 9)
        /// Name ID 10. Like `kCTFontDescriptionNameKey`.
        public static let description = NameKey(rawValue: 10)
        /// Name ID 11. Like `kCTFontVendorURLNameKey`.
        public static let vendorURL = NameKey(rawValue: 11)
        /// Name ID 12. Like `kCTFontDesignerURLNameKey`.
        public static let designerURL = NameKey(rawValue: 12)
        /// Name ID 13. Like `kCTFontLicenseNameKey`.
        public static let license = NameKey(rawValue: 13)
        /// Name ID 14. Like `kCTFontLicenseURLNameKey`.
        public static let licenseURL = NameKey(rawValue: 14)
        /// Name ID 19. Like `kCTFontSampleTextNameKey`.
        public static let sampleText = NameKey(rawValue: 19)
        /// Name ID 20. Like `kCTFontPostScriptCIDNameKey`.
        public static let postScriptCID = NameKey(rawValue: 20)
    }

    /// The `name` table entry `key` in `language` (a BCP 47 tag such as `"ko"`; nil for the
    /// English or default entry, as HarfBuzz picks it), or nil when the font has none. Like
    /// `CTFontCopyName` (nil language) and `CTFontCopyLocalizedName`.
    public func name(for key: NameKey, language: String? = nil) -> String? {
        let hbLanguage = language.map { tag in tag.withCString { hb_language_from_string($0, -1) } }
        var length: UInt32 = 0
        let total = hb_ot_name_get_utf8(face.hbFace, key.rawValue, hbLanguage ?? nil, &length, nil)
        guard total > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(total) + 1)
        length = UInt32(buffer.count)
        _ = hb_ot_name_get_utf8(face.hbFace, key.rawValue, hbLanguage ?? nil, &length, &buffer)
        let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The full name (name ID 4), e.g. `DejaVu Sans Bold`; the family and style names joined
    /// when the font has none. Like `CTFontCopyFullName`.
    public var fullName: String {
        name(for: .full) ?? (styleName == "Regular" ? familyName : familyName + " " + styleName)
    }

    /// The name to show a user: the full name (CoreText's display name is the localized full
    /// name; Galley gives the default-language one). Like `CTFontCopyDisplayName`.
    public var displayName: String { fullName }
}
