// FaceDescriptor: what Galley knows about a font face before loading it (file, families, style).

/// A face described by fontconfig, not yet loaded. Like `CTFontDescriptor`.
struct FaceDescriptor: Sendable {
    /// The font file (for a registered file that was sanitized, the file as registered, not
    /// the temporary copy fontconfig read).
    var path: String
    /// The face within the file.
    var faceIndex: Int
    /// Every family name the face declares (English and localized), as fontconfig lists them.
    let families: [String]
    /// `families`, lower-cased, for case-insensitive lookup.
    let lowercasedFamilies: [String]
    /// CSS / OpenType weight (100 ... 900).
    let weight: Int
    /// Italic or oblique.
    let isItalic: Bool
    /// fontconfig width: 100 is normal, 87 semi-condensed, 75 condensed, ...
    let width: Int
    /// fontconfig's weights of the face (`FC_WEIGHT`, 80 regular, 200 bold): one value, or the
    /// range a variable face's `wght` axis spans.
    let fcWeight: ClosedRange<Double>
    /// fontconfig's slant (`FC_SLANT`): 0 roman, 100 italic, 110 oblique.
    let slant: Int
    /// fontconfig's widths of the face (`FC_WIDTH`): one value, or a variable face's `wdth` range.
    let fcWidth: ClosedRange<Double>
    /// Colour font (CBDT, sbix, COLR).
    let isColor: Bool
    /// True for a face from the bundled `Fonts/` directory.
    let isBundled: Bool
    /// The code points the face maps, for bundled faces (nil for system faces, whose coverage
    /// is asked of fontconfig when needed).
    let coverage: CoverageSet?
    /// The PostScript name (`FC_POSTSCRIPT_NAME`), empty when fontconfig reports none.
    var postScriptName: String = ""
    /// Every full name the face declares (`FC_FULLNAME`, English first), e.g. `DejaVu Sans Bold`.
    var fullNames: [String] = []
    /// Every style name the face declares (`FC_STYLE`), e.g. `Bold`, `Book`.
    var styles: [String] = []
    /// The languages fontconfig finds the face covers (`FC_LANG`, RFC 3066 tags such as `ja`, `zh-tw`).
    var languages: [String] = []
    /// Whether fontconfig reports the face as monospaced (`FC_SPACING` mono; dual-width CJK faces
    /// are not).
    var isMonospaced = false
    /// The sanitizer the face's file goes through when loaded: nil for bundled and system faces
    /// (trusted), the registration's sanitizer for a registered file that is not trusted.
    var sanitizer: FontSanitizer?

    init(
        path: String, faceIndex: Int, families: [String], weight: Int, isItalic: Bool,
        width: Int, isColor: Bool, isBundled: Bool, coverage: CoverageSet?,
        fcWeight: ClosedRange<Double>, slant: Int, fcWidth: ClosedRange<Double>
    ) {
        self.path = path
        self.faceIndex = faceIndex
        self.families = families
        self.lowercasedFamilies = families.map { $0.lowercased() }
        self.weight = weight
        self.isItalic = isItalic
        self.width = width
        self.fcWeight = fcWeight
        self.slant = slant
        self.fcWidth = fcWidth
        self.isColor = isColor
        self.isBundled = isBundled
        self.coverage = coverage
    }
}

/// A set of code points stored as sorted, disjoint ranges.
struct CoverageSet: Sendable {
    /// Sorted, non-overlapping ranges.
    let ranges: [ClosedRange<UInt32>]

    /// Whether `value` lies in one of the ranges (binary search).
    func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value {
                low = mid + 1
            } else if ranges[mid].lowerBound > value {
                high = mid
            } else {
                return true
            }
        }
        return false
    }
}
