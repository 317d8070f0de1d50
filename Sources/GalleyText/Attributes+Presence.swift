// Presence checks on Attributes for the layout pipeline's hot paths: whether a rarely set key has
// a value, read in place. The public getters return a copy of the value (a run delegate, glyph
// info or ruby annotation holds strings and references to retain), which costs more than the
// question "is it set?" needs, and shaping and line assembly ask it for every item and run.

import Foundation

extension Attributes {
    /// Whether the run delegate is set (``runDelegate`` != nil, without copying it).
    @inlinable package var hasRunDelegate: Bool { storage.values.runDelegate != nil }

    /// Whether glyph info is set (``glyphInfo`` != nil, without copying it).
    @inlinable package var hasGlyphInfo: Bool { storage.values.glyphInfo != nil }

    /// Whether a ruby annotation is set (``rubyAnnotation`` != nil, without copying it).
    @inlinable package var hasRubyAnnotation: Bool { storage.values.rubyAnnotation != nil }

    /// Whether any baseline alignment key is set: ``baselineClass``, ``baselineInfo`` or
    /// ``baselineReferenceInfo`` (without copying them).
    @inlinable package var hasBaselineAlignment: Bool {
        storage.values.baselineClass != nil || storage.values.baselineInfo != nil
            || storage.values.baselineReferenceInfo != nil
    }

    /// The paragraph style's ``ParagraphStyle/lineBoundsOptions`` (empty without a paragraph
    /// style), without copying the style.
    @inlinable package var paragraphLineBoundsOptions: LineBoundsOptions {
        storage.values.paragraphStyle?.lineBoundsOptions ?? []
    }
}
