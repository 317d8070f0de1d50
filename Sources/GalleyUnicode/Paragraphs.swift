// Splitting text into paragraphs at paragraph separators, the unit for bidi, script
// itemization and line breaking.

/// Paragraph ranges of a text. Like `CFStringGetParagraphBounds` / `NSString.paragraphRange(for:)`.
public enum Paragraphs {
    /// The paragraphs of `text`, in order, covering it without gaps. Each range includes
    /// its terminating separator (LF, CR, CR LF, U+0085 or U+2029, see
    /// `Unicode.Scalar.isParagraphSeparator`); text ending with a separator has no empty
    /// paragraph after it, and empty text has no paragraphs.
    public static func ranges(in text: [UInt16]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        let count = text.count
        while i < count {
            let unit = text[i]
            i += 1
            switch unit {
            case 0x0D:
                if i < count && text[i] == 0x0A { i += 1 }
                fallthrough
            case 0x0A, 0x85, 0x2029:
                result.append(start..<i)
                start = i
            default:
                break
            }
        }
        if start < count { result.append(start..<count) }
        return result
    }
}
