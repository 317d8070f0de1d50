// TextSegment: a range to be treated as one word or one sentence, the value of the segment
// attribute (Pango's `segment`).

/// Marks a range as a single word or a single sentence, whatever the Unicode boundary rules
/// say. Like Pango's `segment` markup attribute (`pango_attr_word_new`,
/// `pango_attr_sentence_new`); CoreText has no equivalent.
///
/// Galley stores and reports the attribute (JSON, the bridges); it has no word or sentence
/// selection that would use it yet. Line breaking is unaffected, as in Pango.
public enum TextSegment: String, Sendable, Hashable, CaseIterable {
    /// The range is one word. Pango's `word`.
    case word
    /// The range is one sentence. Pango's `sentence`.
    case sentence
}
