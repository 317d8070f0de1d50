// One shared Font and FontCollection used from many tasks at once give the serial results.

import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

@Suite("Concurrency")
struct ConcurrencyTests {
    struct GlyphInfo: Equatable, Sendable {
        let glyph: GlyphID?
        let advance: CGFloat
        let bounds: CGRect
    }

    static func measure(_ font: Font, _ scalars: [Unicode.Scalar]) -> [GlyphInfo] {
        scalars.map { scalar in
            let glyph = font.glyph(for: scalar)
            return GlyphInfo(
                glyph: glyph,
                advance: glyph.map { font.advance(for: $0) } ?? 0,
                bounds: glyph.map { font.boundingRect(for: $0) } ?? .zero)
        }
    }

    @Test("Many tasks reading glyphs, advances and bounds from one Font agree with a serial run")
    func sharedFont() async throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 13)
        let scalars = (0x20...0x24F).compactMap(Unicode.Scalar.init) + (0x370...0x3FF).compactMap(Unicode.Scalar.init)
        let serial = Self.measure(font, scalars)
        let results = await withTaskGroup(of: [GlyphInfo].self) { group in
            for _ in 0..<32 {
                group.addTask { Self.measure(font, scalars) }
            }
            var all: [[GlyphInfo]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == serial })
    }

    @Test("Concurrent family and fallback lookups all return the same faces")
    func sharedCollection() async throws {
        let collection = FontCollection(bundledFontsDirectory: TestFonts.directory, includeSystemFonts: false)
        let scalars: [Unicode.Scalar] = ["中", "\u{0915}", "\u{0E01}", "😀", "\u{05D0}", "A"]
        let results = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<16 {
                group.addTask {
                    guard let base = try? collection.font(family: "DejaVu Sans", size: 12) else { return [] }
                    return scalars.map { collection.fallbackFont(for: $0, matching: base)?.postScriptName }
                }
            }
            var all: [[String?]] = []
            for await result in group { all.append(result) }
            return all
        }
        let expected: [String?] = [
            "DroidSansFallback", "NotoSansDevanagari-Regular", "NotoSansThai-Regular",
            "NotoColorEmoji", "DejaVuSans", "DejaVuSans",
        ]
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }
}
