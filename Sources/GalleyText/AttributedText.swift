// AttributedText: an immutable string with attribute runs over UTF-16 offsets, the input of
// the whole pipeline, like CFAttributedString.

/// An immutable attributed string, indexed in UTF-16 code units. Like `CFAttributedString`
/// (and `NSAttributedString`): offsets and ranges port 1:1 from CoreText code, where a
/// `CFRange(location, length)` is `location..<(location + length)` here.
///
/// Build one with ``init(_:attributes:)``, with ``AttributedTextBuilder``, or from markup
/// with ``Markup/parse(_:base:fonts:strictFonts:)``. The string is always valid Unicode: no edit can
/// leave a lone surrogate.
public struct AttributedText: Sendable, Hashable, CustomStringConvertible {
    /// The characters.
    public let string: String
    /// The characters as UTF-16 code units, stored contiguously (O(1) access).
    /// Like `CFStringGetCharactersPtr`.
    public let utf16: [UInt16]
    /// The attribute runs, maximal (neighbours differ), in order, covering `0..<length`
    /// exactly; empty for an empty text.
    public let runs: [AttributeRun]
    /// The runs layout reads: `runs` without their custom attributes, neighbours that then agree
    /// merged (the same array as `runs` when no run has custom attributes). Shaping, breaking and
    /// paragraph reuse look only at these, so a custom attribute never makes text shaped again.
    package let layoutRuns: [AttributeRun]
    /// Whether any run has custom attributes (``Attributes/customAttributes``).
    public let hasCustomAttributes: Bool

    /// `string` with `attributes` over all of it. Like `CFAttributedStringCreate`.
    public init(_ string: String = "", attributes: Attributes = []) {
        self.string = string
        utf16 = Array(string.utf16)
        runs = RunList(length: utf16.count, attributes: attributes).runs
        hasCustomAttributes = attributes.hasCustomAttributes
        layoutRuns = AttributedText.layoutRuns(of: runs, hasCustom: hasCustomAttributes)
    }

    /// Assembles a text from parts that already satisfy the invariants.
    init(utf16: [UInt16], runs: RunList) {
        self.utf16 = utf16
        string = String(decoding: utf16, as: UTF16.self)
        self.runs = runs.runs
        hasCustomAttributes = self.runs.contains { $0.attributes.hasCustomAttributes }
        layoutRuns = AttributedText.layoutRuns(of: self.runs, hasCustom: hasCustomAttributes)
    }

    /// `runs` without custom attributes, equal neighbours merged; `runs` itself when none has any.
    private static func layoutRuns(of runs: [AttributeRun], hasCustom: Bool) -> [AttributeRun] {
        guard hasCustom else { return runs }
        var result: [AttributeRun] = []
        result.reserveCapacity(runs.count)
        for run in runs {
            let attributes = run.attributes.layoutAttributes
            if let last = result.last, last.attributes == attributes {
                result[result.count - 1] = AttributeRun(
                    range: last.range.lowerBound..<run.range.upperBound, attributes: attributes)
            } else {
                result.append(AttributeRun(range: run.range, attributes: attributes))
            }
        }
        return result
    }

    /// The number of UTF-16 code units. Like `CFAttributedStringGetLength`.
    public var length: Int { utf16.count }

    /// The attributes of the character at `index` and the longest range around it with the
    /// same attributes. Like `CFAttributedStringGetAttributesAndLongestEffectiveRange` over
    /// the whole string.
    /// - Throws: ``AttributedTextError/indexOutOfBounds(index:length:)`` unless
    ///   `0 <= index < length`.
    public func attributes(at index: Int) throws(AttributedTextError) -> (
        attributes: Attributes, longestEffectiveRange: Range<Int>
    ) {
        guard index >= 0, index < length else {
            throw .indexOutOfBounds(index: index, length: length)
        }
        let position = runIndex(containing: index)
        return (runs[position].attributes, runs[position].range)
    }

    /// The runs that intersect `range`, clipped to it; empty for an empty range.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)`` unless `range` lies
    ///   within `0...length`.
    public func runs(in range: Range<Int>) throws(AttributedTextError) -> [AttributeRun] {
        try TextBounds.check(range, length: length)
        guard !range.isEmpty else { return [] }
        var result: [AttributeRun] = []
        for run in runs[runIndex(containing: range.lowerBound)...] {
            if run.range.lowerBound >= range.upperBound { break }
            result.append(AttributeRun(range: run.range.clamped(to: range), attributes: run.attributes))
        }
        return result
    }

    /// The characters in `range`. Like `CFStringCreateWithSubstring`.
    /// - Throws: ``AttributedTextError/rangeOutOfBounds(range:length:)``, or
    ///   ``AttributedTextError/splitsSurrogatePair(index:)`` if a bound falls inside a
    ///   surrogate pair (the result would not be valid Unicode).
    public func substring(_ range: Range<Int>) throws(AttributedTextError) -> String {
        try TextBounds.checkCodePointRange(range, in: utf16)
        return String(decoding: utf16[range], as: UTF16.self)
    }

    /// The characters and attributes in `range`, re-indexed from 0.
    /// Like `CFAttributedStringCreateWithSubstring`.
    /// - Throws: as ``substring(_:)``.
    public func attributedSubstring(_ range: Range<Int>) throws(AttributedTextError) -> AttributedText {
        try TextBounds.checkCodePointRange(range, in: utf16)
        return AttributedText(utf16: Array(utf16[range]), runs: RunList(runs).slice(range))
    }

    /// Each run on its own line: `0..<8 "Make it " {font: …}`.
    public var description: String {
        runs.map { run in
            let text = String(decoding: utf16[run.range], as: UTF16.self)
            return "\(run.range.lowerBound)..<\(run.range.upperBound) \(text.debugDescription) \(run.attributes)"
        }.joined(separator: "\n")
    }

    /// The index in `runs` of the run containing `index` (binary search).
    private func runIndex(containing index: Int) -> Int {
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].range.lowerBound <= index {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }
}

/// Bounds checks shared by the text and its builder.
enum TextBounds {
    /// Throws unless `range` lies within `0...length`.
    static func check(_ range: Range<Int>, length: Int) throws(AttributedTextError) {
        guard range.lowerBound >= 0, range.upperBound <= length else {
            throw .rangeOutOfBounds(range: range, length: length)
        }
    }

    /// Throws unless `0 <= index <= length`.
    static func checkInsertion(_ index: Int, length: Int) throws(AttributedTextError) {
        guard index >= 0, index <= length else {
            throw .indexOutOfBounds(index: index, length: length)
        }
    }

    /// Throws unless `range` lies within `0...units.count` and neither bound falls between a high
    /// and a low surrogate, so that `units[range]` holds whole code points.
    static func checkCodePointRange(_ range: Range<Int>, in units: [UInt16]) throws(AttributedTextError) {
        try check(range, length: units.count)
        try checkBoundary(range.lowerBound, in: units)
        try checkBoundary(range.upperBound, in: units)
    }

    /// Throws if `index` (within `0...units.count`) falls between a high and a low surrogate.
    static func checkBoundary(_ index: Int, in units: [UInt16]) throws(AttributedTextError) {
        if index > 0, index < units.count,
            UTF16.isLeadSurrogate(units[index - 1]), UTF16.isTrailSurrogate(units[index])
        {
            throw .splitsSurrogatePair(index: index)
        }
    }
}
