// Splits text into paragraphs, each with its content and separator: U+000A, U+000D, CR LF, U+0085
// and U+2029 end a paragraph (U+2028 only ends a line; line breaking handles it).

/// One paragraph of a text: its content and the separator that ends it (if any).
package struct ParagraphSpan: Sendable, Hashable {
    /// The whole paragraph, separator included, in UTF-16 offsets.
    package let range: Range<Int>
    /// The paragraph without its separator: what gets shaped.
    package let contentRange: Range<Int>
    /// A paragraph from its ranges.
    package init(range: Range<Int>, contentRange: Range<Int>) {
        self.range = range
        self.contentRange = contentRange
    }

    /// The separator (empty for the last paragraph of a text that does not end with one).
    package var separatorRange: Range<Int> { contentRange.upperBound..<range.upperBound }
}

/// Splitting a text into paragraphs.
package enum ParagraphSplitter {
    /// True for the code units that end a paragraph: LF, CR, NEL and PARAGRAPH SEPARATOR
    /// (the UAX #9 class B characters, as `GalleyUnicode.Paragraphs` splits them).
    @inline(__always)
    package static func isSeparator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2029
    }

    /// The paragraphs of `text`, in order, covering it exactly. An empty text has one empty paragraph.
    /// A final separator ends the last paragraph; it does not start an empty one (so "abc\n" is one
    /// paragraph, laid out as one line, as CoreText does).
    package static func split(_ text: [UInt16]) -> [ParagraphSpan] {
        var result: [ParagraphSpan] = []
        var start = 0
        let n = text.count
        text.withUnsafeBufferPointer { text in
            var i = 0
            while i < n {
                let u = text[i]
                // Most units are above U+000D and are neither NEL nor U+2029: U+000E…U+0084 (all
                // of ASCII's printable characters) in one unsigned comparison, then the rest.
                if u &- 0x0E < 0x85 - 0x0E || (u > 0x0D && u != 0x85 && u != 0x2029) {
                    i += 1
                    continue
                }
                if isSeparator(u) {
                    var end = i + 1
                    if u == 0x0D, end < n, text[end] == 0x0A { end += 1 }
                    result.append(ParagraphSpan(range: start..<end, contentRange: start..<i))
                    start = end
                    i = end
                } else {
                    i += 1
                }
            }
        }
        if start < n || result.isEmpty {
            result.append(ParagraphSpan(range: start..<n, contentRange: start..<n))
        }
        return result
    }
}
