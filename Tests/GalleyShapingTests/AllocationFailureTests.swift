// When HarfBuzz cannot allocate its buffer, hb_buffer_create returns its inert empty buffer
// (never NULL; hb_buffer_allocation_successful is false on it). Shaping with that buffer must
// neither crash nor drop the text: the range gets one .notdef glyph per code point, and says so.
import CHarfBuzz
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyTestSupport
import Testing

@Suite("HarfBuzz allocation failure")
struct AllocationFailureTests {
    static let size: CGFloat = 20
    /// DejaVu Sans's .notdef advance: hb-shape prints `[0=0+1229]` for a character it lacks
    /// (U+10FFFF), at 2048 units per em.
    static let notdefAdvance = 1229 * size / 2048

    func request(_ string: String, rightToLeft: Bool = false, kern: CGFloat = 0) throws -> ShapingRequest {
        let font = try Font(path: TestFonts.path("DejaVuSans.ttf"), size: Self.size)
        let units = Array(string.utf16)
        return ShapingRequest(
            text: units, context: 0..<units.count, range: 0..<units.count, font: font, rightToLeft: rightToLeft,
            script: "Zyyy", language: nil, kern: kern)
    }

    /// "ab😀c": four code points starting at UTF-16 offsets 0, 1, 2 and 4.
    @Test func failedBufferGivesOneNotdefPerCodePoint() throws {
        let request = try request("ab😀c")
        var glyphs = ShapedGlyphs(base: 0)
        let outcome = HarfBuzzShaper.shape(request, into: &glyphs, buffer: hb_buffer_get_empty())
        #expect(outcome == .allocationFailed)
        #expect(glyphs.glyphs.map(\.id) == [0, 0, 0, 0])
        #expect(glyphs.glyphs.map(\.cluster) == [0, 1, 2, 4])
        #expect(glyphs.glyphs.allSatisfy { abs($0.advance - Self.notdefAdvance) < 1e-9 && $0.offset == .zero })
        #expect(glyphs.glyphs.allSatisfy { !$0.unsafeToBreak })
    }

    /// Visual order: a right-to-left range's clusters run backwards; the kern still goes after
    /// every cluster, and a control character is still laid out as a space (651 units).
    @Test func rightToLeftKernAndControls() throws {
        let request = try request("a\tb", rightToLeft: true, kern: 3)
        var glyphs = ShapedGlyphs(base: 0)
        #expect(HarfBuzzShaper.shape(request, into: &glyphs, buffer: hb_buffer_get_empty()) == .allocationFailed)
        #expect(glyphs.glyphs.map(\.cluster) == [2, 1, 0])
        let space = try #require(request.font.glyph(for: " "))
        #expect(glyphs.glyphs.map(\.id) == [0, space, 0])
        let advances = glyphs.glyphs.map(\.advance)
        #expect(abs(advances[0] - (Self.notdefAdvance + 3)) < 1e-9)
        #expect(abs(advances[1] - (651 * Self.size / 2048 + 3)) < 1e-9)
    }

    /// A buffer that could be allocated shapes as usual and says so.
    @Test func workingBufferShapes() throws {
        let request = try request("ab")
        var glyphs = ShapedGlyphs(base: 0)
        #expect(HarfBuzzShaper.shape(request, into: &glyphs) == .shaped)
        #expect(glyphs.glyphs.map(\.id) == ["a", "b"].map { request.font.glyph(for: $0)! })
    }

    /// The pool never keeps a failed buffer: after the inert buffer is handed back, every buffer
    /// taken (more than the pool holds) is a working one.
    @Test func poolDropsFailedBuffers() {
        BufferPool.give(hb_buffer_get_empty())
        let taken = (0..<6).map { _ in BufferPool.take() }
        #expect(taken.allSatisfy { hb_buffer_allocation_successful($0) != 0 })
        for buffer in taken { BufferPool.give(buffer) }
    }
}
