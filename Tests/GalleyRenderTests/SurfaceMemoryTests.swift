// The recycled pixel memory of bitmap contexts (SurfaceMemory): a context made after another of
// the same size starts transparent, as CGContext(data: nil, …) does; an ended context's buffer is
// kept (within GalleyMemory's canvasSurfaces share) and handed to the next context of its size;
// trimming the caches frees it.
import Foundation
import GalleyText
import Testing

@testable import GalleyRender
@testable import GalleySync

@Suite("Surface memory")
struct SurfaceMemoryTests {
    /// Fills a `width` × `height` context with opaque red and lets it go.
    static func drawAndDrop(_ width: Int, _ height: Int) throws {
        let g = try GraphicsContext(width: CGFloat(width), height: CGFloat(height))
        g.setFillColor(Color(red: 1, green: 0, blue: 0))
        g.fill(CGRect(x: 0, y: 0, width: width, height: height))
        #expect(try g.makeImage().pixel(x: width / 2, y: height / 2)?.alpha == 255)
    }

    @Test("a context made after another of its size starts transparent", arguments: [(64, 48), (1200, 630), (3, 1)])
    func startsClear(width: Int, height: Int) throws {
        for _ in 0..<3 {
            try Self.drawAndDrop(width, height)
            let image = try GraphicsContext(width: CGFloat(width), height: CGFloat(height)).makeImage()
            #expect(image.pixels.allSatisfy { $0 == 0 })
        }
    }

    @Test("an ended context's buffer backs the next one of its size; trimming frees it")
    func reuseAndTrim() throws {
        // A size no other test uses, so that the buffers of that size kept are this test's own.
        let (w, h) = (331, 17)
        let pool = SurfaceMemory.shared
        let bytes = 331 * 4 * h  // cairo's ARGB32 stride: 4 bytes a pixel, a multiple of 4
        try Self.drawAndDrop(w, h)
        #expect(pool.keptBuffers(ofSize: bytes) == 1)
        let taken = try #require(pool.take(bytes))
        #expect(pool.keptBuffers(ofSize: bytes) == 0)
        pool.give(taken)
        #expect(pool.keptBuffers(ofSize: bytes) == 1)
        // The next context of that size takes it (and leaves it again when it ends).
        let g = try GraphicsContext(width: CGFloat(w), height: CGFloat(h))
        #expect(pool.keptBuffers(ofSize: bytes) == 0)
        _ = g
        #expect(pool.accounted.bytes <= GalleyMemory.limit(of: .canvasSurfaces))
        let usage = try #require(GalleyMemory.usage.first { $0.cache == .canvasSurfaces })
        #expect(usage.limit == GalleyMemory.limit(of: .canvasSurfaces))
        GalleyMemory.trimCaches()
        #expect(pool.keptBuffers(ofSize: bytes) == 0)
    }
}
