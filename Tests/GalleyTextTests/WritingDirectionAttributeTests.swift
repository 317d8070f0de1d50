// The writing-direction attribute in the model: setting, nesting, removing, and the UAX #9
// control characters each level stands for (UAX #9 Table 1: LRE 202A, RLE 202B, PDF 202C,
// LRO 202D, RLO 202E, LRI 2066, RLI 2067, FSI 2068, PDI 2069).
import Foundation
import GalleyText
import Testing

@Suite("Writing direction attribute")
struct WritingDirectionAttributeTests {
    @Test(arguments: [
        (BidiEmbedding(.leftToRight, .embedding), UInt16(0x202A), UInt16(0x202C)),
        (BidiEmbedding(.rightToLeft, .embedding), 0x202B, 0x202C),
        (BidiEmbedding(.leftToRight, .override), 0x202D, 0x202C),
        (BidiEmbedding(.rightToLeft, .override), 0x202E, 0x202C),
        (BidiEmbedding(.leftToRight, .isolate), 0x2066, 0x2069),
        (BidiEmbedding(.rightToLeft, .isolate), 0x2067, 0x2069),
        (BidiEmbedding(.natural, .isolate), 0x2068, 0x2069),
    ])
    func controlCharacters(_ level: BidiEmbedding, opening: UInt16, closing: UInt16) {
        #expect(level.openingCharacter == opening)
        #expect(level.closingCharacter == closing)
    }

    @Test func setAndRemove() throws {
        var b = AttributedTextBuilder("abcdef")
        let rtl = [BidiEmbedding(.rightToLeft, .isolate)]
        try b.setWritingDirection(rtl, range: 2..<4)
        var text = b.build()
        #expect(text.runs.map(\.range) == [0..<2, 2..<4, 4..<6])
        #expect(try text.attributes(at: 2).attributes.writingDirection == rtl)
        #expect(try text.attributes(at: 0).attributes.writingDirection == nil)
        try b.setWritingDirection([], range: 0..<6)
        text = b.build()
        #expect(text.runs.count == 1 && text.runs[0].attributes.isEmpty)
        var attributes = Attributes([.writingDirection([])])
        #expect(attributes.writingDirection == nil, "an empty array is no attribute")
        attributes.set(.writingDirection(rtl))
        #expect(attributes.all == [.writingDirection(rtl)])
        #expect(Attribute.writingDirection(rtl).key == .writingDirection)
    }
}
