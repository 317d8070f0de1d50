// RubyAnnotation: the value of the ruby attribute (furigana, pinyin, zhuyin over or beside a
// base range), like CoreText's CTRubyAnnotation: text per position, size factor, scale to fit,
// alignment and overhang. How the layout stage places it is documented in GalleyLayout's
// RubyLayout.swift.

import Foundation

/// Where ruby text sits relative to its base. Like `CTRubyPosition`.
public enum RubyPosition: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Above the base in horizontal text (right of it in vertical text). Like
    /// `kCTRubyPositionBefore`.
    case before
    /// Below the base in horizontal text (left of it in vertical text). Like
    /// `kCTRubyPositionAfter`.
    case after
    /// Beside the base, after it along the line and centred across it (zhuyin). Like
    /// `kCTRubyPositionInterCharacter`.
    case interCharacter
    /// On the baseline right after the base, taking room in the line like ordinary text. Like
    /// `kCTRubyPositionInline`.
    case inline

    /// Declaration order: before, after, inter-character, inline.
    public static func < (lhs: RubyPosition, rhs: RubyPosition) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How ruby text is aligned with its base along the line. Like `CTRubyAlignment` (the same
/// definitions as CSS Ruby's `ruby-align` and JLREQ §3.3).
public enum RubyAlignment: String, Sendable, Hashable, CaseIterable {
    /// Distribute-space when the ruby is shorter than its base (JLREQ's default "1-2-1"), centred
    /// when longer. Like `kCTRubyAlignmentAuto`.
    case auto
    /// The ruby's start edge on the base's start edge. Like `kCTRubyAlignmentStart`.
    case start
    /// The ruby centred on the base. Like `kCTRubyAlignmentCenter`.
    case center
    /// The ruby's end edge on the base's end edge. Like `kCTRubyAlignmentEnd`.
    case end
    /// A shorter ruby spread over the base with its first letter on the base's start and its last
    /// on the base's end, the extra space equal between letters ("0-1-0", CSS `space-between`).
    /// Like `kCTRubyAlignmentDistributeLetter`.
    case distributeLetter
    /// A shorter ruby spread over the base with one unit of space at each end and two between
    /// letters ("1-2-1", CSS `space-around`). Like `kCTRubyAlignmentDistributeSpace`.
    case distributeSpace
    /// Start-aligned when the base begins its line, end-aligned when it ends it, else ``auto``.
    /// Like `kCTRubyAlignmentLineEdge`.
    case lineEdge
}

/// Whether ruby wider than its base may hang over the neighbouring text. Like `CTRubyOverhang`.
public enum RubyOverhang: String, Sendable, Hashable, CaseIterable {
    /// May overhang a neighbour on either side that is kana, punctuation or other non-ideographic
    /// text (never a kanji/hanzi), by up to one ruby character (the ruby font's size) each side.
    /// Like `kCTRubyOverhangAuto`.
    case auto
    /// May overhang only the text before the base (same limits as ``auto``). Like
    /// `kCTRubyOverhangStart`.
    case start
    /// May overhang only the text after the base (same limits as ``auto``). Like
    /// `kCTRubyOverhangEnd`.
    case end
    /// Never overhangs: the base is spaced out instead. Like `kCTRubyOverhangNone`.
    case none
}

/// A ruby annotation on a base range: small text set over, under or beside the base. Like
/// `CTRubyAnnotation` (`CTRubyAnnotationCreate`, `CTRubyAnnotationCreateWithAttributes`).
///
/// As a CoreText annotation is an object, each annotation made by an initializer is distinct:
/// copies are equal, but two annotations made separately are not even with the same values, so
/// two adjacent bases carrying the same text ("字" "じ", "字" "じ") stay two bases instead of
/// merging into one attribute run.
public struct RubyAnnotation: Sendable, Hashable, CustomStringConvertible {
    /// The ruby text for each position that has some (never empty strings). Like
    /// `CTRubyAnnotationGetTextForPosition`.
    public let texts: [RubyPosition: String]
    /// The ruby font's size as a fraction of the base font's size (default 0.5); finite and in
    /// 0.01…10. Like `kCTRubyAnnotationSizeFactorAttributeName` / `CTRubyAnnotationGetSizeFactor`.
    public let sizeFactor: CGFloat
    /// Whether ruby wider than its base (after overhang) is shrunk to fit it instead of spacing
    /// the base out. Like `kCTRubyAnnotationScaleToFitAttributeName`.
    public let scalesToFit: Bool
    /// Alignment with the base. Like `CTRubyAnnotationGetAlignment`.
    public let alignment: RubyAlignment
    /// Overhang rule. Like `CTRubyAnnotationGetOverhang`.
    public let overhang: RubyOverhang
    /// The identity that makes separately made annotations distinct.
    private let identity: Identity

    /// Identity only.
    private final class Identity: Sendable {}

    /// An annotation with text for one or more positions. Like
    /// `CTRubyAnnotationCreateWithAttributes`. Empty strings are dropped.
    public init(
        texts: [RubyPosition: String], alignment: RubyAlignment = .auto, overhang: RubyOverhang = .auto,
        sizeFactor: CGFloat = 0.5, scalesToFit: Bool = false
    ) {
        self.texts = texts.filter { !$0.value.isEmpty }
        self.alignment = alignment
        self.overhang = overhang
        self.sizeFactor = sizeFactor
        self.scalesToFit = scalesToFit
        self.identity = Identity()
    }

    /// An annotation with `text` at `position` (default: before, above horizontal text). Like
    /// `CTRubyAnnotationCreate` with one text.
    public init(
        _ text: String, position: RubyPosition = .before, alignment: RubyAlignment = .auto,
        overhang: RubyOverhang = .auto, sizeFactor: CGFloat = 0.5, scalesToFit: Bool = false
    ) {
        self.init(
            texts: [position: text], alignment: alignment, overhang: overhang, sizeFactor: sizeFactor,
            scalesToFit: scalesToFit)
    }

    /// The text at `position`, if any. Like `CTRubyAnnotationGetTextForPosition`.
    public func text(for position: RubyPosition) -> String? { texts[position] }

    /// The positions that have text, in declaration order.
    public var positions: [RubyPosition] { texts.keys.sorted() }

    /// Why the annotation cannot be stored (no text, or a bad size factor), or nil.
    package var invalidReason: String? {
        if texts.isEmpty { return "ruby annotation must have text for at least one position" }
        if !sizeFactor.isFinite || sizeFactor < 0.01 || sizeFactor > 10 {
            return "ruby size factor must be finite and in 0.01...10, not \(sizeFactor)"
        }
        return nil
    }

    /// Equal when made by the same initializer call (a copy), as CoreText's objects are.
    public static func == (lhs: RubyAnnotation, rhs: RubyAnnotation) -> Bool { lhs.identity === rhs.identity }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }

    /// For example `before "かんじ" auto/auto ×0.5`.
    public var description: String {
        let parts = positions.map { "\($0.rawValue) \"\(texts[$0]!)\"" }.joined(separator: " ")
        let fit = scalesToFit ? " fit" : ""
        return "\(parts) \(alignment.rawValue)/\(overhang.rawValue) ×\(sizeFactor)\(fit)"
    }
}
