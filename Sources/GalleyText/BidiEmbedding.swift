// One explicit bidi level a range of text asks for — an embedding, an override or an isolate in
// a direction — the value of the writing-direction attribute (kCTWritingDirectionAttributeName).

/// One explicit directional formatting level, as UAX #9's LRE/RLE (embedding), LRO/RLO
/// (override) and LRI/RLI/FSI (isolate) would give. Like one entry of the array CoreText takes
/// for kCTWritingDirectionAttributeName (kCTWritingDirectionEmbedding / kCTWritingDirectionOverride,
/// plus isolates as NSWritingDirectionFormatType does).
public struct BidiEmbedding: Sendable, Hashable, CustomStringConvertible {
    /// How the level applies.
    public enum Kind: Sendable, Hashable {
        /// Text inside takes the direction as its embedding direction (LRE/RLE).
        case embedding
        /// Every character inside is treated as strong in the direction (LRO/RLO).
        case override
        /// Text inside is laid out on its own and counts as one neutral outside (LRI/RLI; FSI
        /// when the direction is `.natural`).
        case isolate
    }

    /// The direction; `.natural` is only meaningful for an isolate (first strong character
    /// inside decides, FSI) and is treated as left-to-right otherwise.
    public let direction: WritingDirection
    /// Embedding, override or isolate.
    public let kind: Kind

    /// Creates one level.
    public init(_ direction: WritingDirection, _ kind: Kind) {
        self.direction = direction
        self.kind = kind
    }

    /// The UAX #9 control character that opens this level.
    public var openingCharacter: UInt16 {
        let rtl = direction == .rightToLeft
        switch kind {
        case .embedding: return rtl ? 0x202B : 0x202A
        case .override: return rtl ? 0x202E : 0x202D
        case .isolate: return direction == .natural ? 0x2068 : (rtl ? 0x2067 : 0x2066)
        }
    }

    /// The UAX #9 control character that closes this level (PDF, or PDI for an isolate).
    public var closingCharacter: UInt16 { kind == .isolate ? 0x2069 : 0x202C }

    /// E.g. "rightToLeft override".
    public var description: String { "\(direction) \(kind)" }
}
