// The one UTF-16 decoder: well-formed pairs decode to their supplementary scalar, and each
// unpaired surrogate to one U+FFFD, exactly as the Unicode Standard's "U+FFFD substitution of
// maximal subparts" (chapter 3.9) and Swift's own UTF-16 decoding (the independent reference).

import GalleyUnicode
import Testing

@Suite struct UTF16DecoderTests {
    /// Decodes all of `units` with `UTF16Decoder`, as scalars and as code point values (which
    /// must agree: nil if they do not).
    static func decode(_ units: [UInt16]) -> [Unicode.Scalar]? {
        units.withUnsafeBufferPointer { buffer in
            var scalars: [Unicode.Scalar] = []
            var i = 0
            while i < buffer.count {
                let (scalar, length) = UTF16Decoder.scalar(in: buffer, at: i, end: buffer.count)
                let (value, valueLength) = UTF16Decoder.codePoint(in: buffer, at: i, end: buffer.count)
                guard value == scalar.value, valueLength == length else { return nil }
                scalars.append(scalar)
                i += length
            }
            return scalars
        }
    }

    /// Every sequence of up to three units drawn from the edges of each UTF-16 class (BMP
    /// characters around the surrogate block, lead and trail surrogates at both ends of their
    /// ranges) decodes as the standard library decodes it.
    @Test func everyShortSequenceDecodesAsSwiftDoes() {
        let edges: [UInt16] = [0x0000, 0x0041, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF]
        var sequences: [[UInt16]] = edges.map { [$0] }
        for a in edges { for b in edges { sequences.append([a, b]) } }
        for a in edges { for b in edges { for c in edges { sequences.append([a, b, c]) } } }
        var mismatches: [[UInt16]] = []
        for units in sequences {
            let reference = Array(String(decoding: units, as: UTF16.self).unicodeScalars)
            if Self.decode(units) != reference { mismatches.append(units) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// U+1F600 is D83D DE00 (Unicode 3.9, D91); each half alone, or the halves in the wrong
    /// order, is an ill-formed subsequence of one unit, so one U+FFFD each.
    @Test func pairsAndLoneSurrogates() {
        #expect(Self.decode([0xD83D, 0xDE00]) == ["\u{1F600}"])
        #expect(Self.decode([0xDE00, 0xD83D]) == ["\u{FFFD}", "\u{FFFD}"])
        #expect(Self.decode([0x61, 0xD83D, 0x62]) == ["a", "\u{FFFD}", "b"])
        #expect(Self.decode([0xD800, 0xD800, 0xDC00]) == ["\u{FFFD}", "\u{10000}"])
        #expect(Self.decode([0xDBFF, 0xDFFF]) == ["\u{10FFFF}"])
    }

    /// A pair cut by `end` is a lone lead surrogate up to `end`: one unit, U+FFFD.
    @Test func endCutsAPair() {
        let units: [UInt16] = [0xD83D, 0xDE00]
        units.withUnsafeBufferPointer { buffer in
            let cut = UTF16Decoder.scalar(in: buffer, at: 0, end: 1)
            #expect(cut.scalar == "\u{FFFD}" && cut.length == 1)
            let whole = UTF16Decoder.scalar(in: buffer, at: 0, end: 2)
            #expect(whole.scalar == "\u{1F600}" && whole.length == 2)
        }
    }
}
