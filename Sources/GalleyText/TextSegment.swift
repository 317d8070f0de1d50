// TextSegment: a range to be treated as one word or one sentence, the value of the segment
// attribute (Pango's `segment`).

/// Marks a range as a single word or a single sentence, whatever the Unicode boundary rules
/// say. Like Pango's `segment` markup attribute (`pango_attr_word_new`,
/// `pango_attr_sentence_new`); CoreText has no equivalent.
///
/// Galley stores and reports the attribute; word and sentence boundaries inside the range are
/// what a caller selecting words (`CTLine`-style hit testing by word) would use. Line breaking
/// is unaffected, as in Pango.
public enum TextSegment: String, Sendable, Hashable, CaseIterable {
    /// The range is one word. Pango's `word`.
    case word
    /// The range is one sentence. Pango's `sentence`.
    case sentence
}
