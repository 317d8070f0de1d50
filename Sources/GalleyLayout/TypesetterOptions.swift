// The options a typesetter is made with: CoreText's kCTTypesetterOption… keys of
// CTTypesetterCreateWithAttributedStringAndOptions.
import Foundation

/// How a `Typesetter` analyses its text. Like the options dictionary of
/// CTTypesetterCreateWithAttributedStringAndOptions.
public struct TypesetterOptions: Sendable, Hashable {
    /// The embedding level of every character, instead of the Unicode Bidirectional Algorithm:
    /// 0 lays every paragraph out left to right, 1 right to left (clamped to 125, UAX #9's
    /// deepest level); directional control characters and `writingDirection` attributes are
    /// ignored. nil (the default): the bidi algorithm runs. Like
    /// `kCTTypesetterOptionForcedEmbeddingLevel`, whose doc says: "If present, this option
    /// specifies the embedding level, and the text system ignores any directional control
    /// characters."
    public var forcedEmbeddingLevel: UInt8?
    /// No bidi processing: the text is laid out in logical order, left to right (level 0), with
    /// directional controls ignored; `forcedEmbeddingLevel`, when set, wins. Default false. Like
    /// the deprecated `kCTTypesetterOptionDisableBidiProcessing`.
    public var disablesBidiProcessing: Bool
    /// Whether layout may spend unbounded effort on pathological text. Galley never bounds its
    /// layout effort, so it always behaves as if this were true; the option exists so ported
    /// code can set it. Default true. Like `kCTTypesetterOptionAllowUnboundedLayout`.
    public var allowsUnboundedLayout: Bool

    /// Options with the given values; the defaults are CoreText's (bidi runs).
    public init(
        forcedEmbeddingLevel: UInt8? = nil, disablesBidiProcessing: Bool = false, allowsUnboundedLayout: Bool = true
    ) {
        self.forcedEmbeddingLevel = forcedEmbeddingLevel
        self.disablesBidiProcessing = disablesBidiProcessing
        self.allowsUnboundedLayout = allowsUnboundedLayout
    }

    /// The level every character gets, or nil when the bidi algorithm runs.
    var forcedLevel: UInt8? {
        if let level = forcedEmbeddingLevel { return min(level, 125) }
        return disablesBidiProcessing ? 0 : nil
    }
}
