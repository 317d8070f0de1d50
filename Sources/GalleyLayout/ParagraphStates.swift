// What a typesetter learns about its paragraphs as frames ask (analyses, laid-out lines, styles
// and TABs, the lines an edit inherited, the last paragraph plan) and the vertical typesetter it
// makes: one value behind the typesetter's one lock, so making a typesetter makes one lock, not
// one per kind of state.

import GalleyShaping

/// A typesetter's per-paragraph state, in an array indexed by paragraph (no hashing per lookup).
struct ParagraphStates {
    /// What is known of one paragraph.
    struct Slot {
        /// Its analysis, once made.
        var analysis: ParagraphAnalysis?
        /// Its lines, laid out whole in a rectangle, for the last frame width used (one entry per
        /// paragraph, so memory stays bounded by the last layout's lines).
        var lines: CachedParagraphLines?
        /// Its validated style and the offsets of its TABs, once found.
        var extras: (style: ResolvedParagraphStyle, tabs: [Int])?
    }

    /// One slot per paragraph (one array: making a typesetter allocates once for them all).
    var slots: [Slot]
    /// Lines taken over from a previous typesetter for paragraphs an edit left unchanged, with
    /// the offset change to apply; moved into a slot (shifted) on first use, dropped when the
    /// paragraph is laid out at another width.
    var inheritedLines: [Int: (lines: CachedParagraphLines, delta: Int)] = [:]
    /// The last whole-paragraph plan, for frames that continue its paragraph.
    var lastPlan: KeptPlan? = nil
    /// The typesetter of the text's vertical frames, once made (a horizontal typesetter's only).
    var verticalSibling: Typesetter? = nil

    /// Nothing known yet about `count` paragraphs.
    init(count: Int) {
        slots = Array(repeating: Slot(), count: count)
    }
}
