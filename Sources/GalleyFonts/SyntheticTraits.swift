// Styles a font is drawn with but its face does not have: emboldening and slanting applied by the
// renderer when a fallback face lacks the requested bold or italic (as CoreText synthesizes them).
import Foundation

extension Font {
    /// Synthesized styles. Like the synthetic bold and oblique CoreText applies to a fallback font
    /// that lacks the requested traits.
    public struct SyntheticTraits: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates traits from their raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Outlines are emboldened when drawn (the face has no bold of its own).
        public static let bold = SyntheticTraits(rawValue: 1)
        /// Outlines are slanted when drawn (the face has no italic of its own).
        public static let oblique = SyntheticTraits(rawValue: 2)
    }
}
