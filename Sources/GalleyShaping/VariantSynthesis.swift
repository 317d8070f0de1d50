// VariantSynthesis: small, petite and unicase capitals for a font that lacks the OpenType features
// (`smcp`, `c2sc`, `pcap`, `c2pc`, `unic`): the item is split so that the letters to be shown as
// small capitals become capitals (an upper-case text transform) in the font scaled down, as
// Pango 1.50 and CSS (font-synthesis-small-caps) do.

import Foundation
import GalleyFonts
import GalleyText
import GalleyUnicode

/// The item splitting that synthesises a font variant.
package enum VariantSynthesis {
    /// Whether `font` has every feature `variant` asks for.
    static func fontHas(_ variant: FontVariant, _ font: Font) -> Bool {
        variant.featureTags.allSatisfy(font.hasLayoutFeature)
    }

    /// `specs` with every item whose variant its font cannot give split into stretches of letters
    /// drawn as small capitals (the font at ``FontScale/smallCaps``'s factor, with an upper-case
    /// transform) and stretches drawn as they are. Which letters: lower-case ones for small and
    /// petite capitals; every cased letter for all-small and all-petite capitals; upper-case ones
    /// for unicase (its lower-case letters stay); none for titling capitals, which have no
    /// synthetic form. A combining mark stays with the letter before it.
    package static func split(_ specs: [ItemSpec], units: [UInt16]) -> [ItemSpec] {
        guard specs.contains(where: { $0.attributes.fontVariant != nil }) else { return specs }
        var result: [ItemSpec] = []
        result.reserveCapacity(specs.count)
        for spec in specs {
            guard let variant = spec.attributes.fontVariant, variant != .titleCaps, !spec.attributes.hasRunDelegate,
                !fontHas(variant, spec.font)
            else {
                result.append(spec)
                continue
            }
            result.append(contentsOf: split(spec, variant: variant, units: units))
        }
        return result
    }

    /// One item's stretches.
    private static func split(_ spec: ItemSpec, variant: FontVariant, units: [UInt16]) -> [ItemSpec] {
        let small = try? spec.font.withSize(spec.font.size * FontScale.smallCaps.factor(for: spec.font))
        guard let small else { return [spec] }
        var smallAttributes = spec.attributes
        smallAttributes.textTransform = .uppercase
        smallAttributes.font = small
        var pieces: [ItemSpec] = []
        var start = spec.range.lowerBound
        var startIsSmall: Bool?
        units.withUnsafeBufferPointer { buffer in
            var i = spec.range.lowerBound
            while i < spec.range.upperBound {
                let (scalar, length) = UTF16Decoder.scalar(in: buffer, at: i, end: spec.range.upperBound)
                let properties = scalar.properties
                let joinsPrevious =
                    properties.generalCategory.isMark || scalar.value == 0x200D
                    || properties.isVariationSelector
                let isSmall = joinsPrevious ? startIsSmall ?? false : shownSmall(properties, variant)
                if let current = startIsSmall, current != isSmall {
                    pieces.append(piece(spec, start..<i, small: current ? (small, smallAttributes) : nil))
                    start = i
                }
                startIsSmall = isSmall
                i += length
            }
        }
        pieces.append(
            piece(spec, start..<spec.range.upperBound, small: startIsSmall == true ? (small, smallAttributes) : nil))
        return pieces
    }

    /// A piece of `spec`, in the small font with the transform when `small` is given.
    private static func piece(_ spec: ItemSpec, _ range: Range<Int>, small: (Font, Attributes)?) -> ItemSpec {
        ItemSpec(
            range: range, font: small?.0 ?? spec.font, attributes: small?.1 ?? spec.attributes, level: spec.level,
            script: spec.script)
    }

    /// Whether a character is drawn as a small capital under `variant`.
    private static func shownSmall(_ properties: Unicode.Scalar.Properties, _ variant: FontVariant) -> Bool {
        switch variant {
        case .smallCaps, .petiteCaps: properties.changesWhenUppercased
        case .allSmallCaps, .allPetiteCaps: properties.changesWhenUppercased || properties.changesWhenLowercased
        case .unicase: properties.changesWhenLowercased
        case .titleCaps: false
        }
    }
}

extension Unicode.GeneralCategory {
    /// Mn, Mc or Me.
    fileprivate var isMark: Bool {
        self == .nonspacingMark || self == .spacingMark || self == .enclosingMark
    }
}
