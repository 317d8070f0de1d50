// Tests of the memory budget (issue 26, part 2): every cache stays within its byte limit after
// being filled past it, trimming empties them, fonts from the same bytes are one face, and a face
// the caller lets go of is freed once the caches are trimmed or have evicted it (a weak reference
// tells). Not timed.

import Foundation
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyFonts
@testable import GalleyRender
@testable import GalleyShaping
@testable import GalleySync

@Suite("Memory budget", .serialized)
struct MemoryBudgetTests {
    /// Mixed-script lines: Latin, Japanese, emoji, Arabic, Devanagari, Hebrew, Chinese, Thai.
    static let lines = [
        "Order 1234 — 東京の新しいカフェ ☕️ مرحبا بكم",
        "Invoice 99: नमस्ते दुनिया 🎉 お買い上げありがとうございます",
        "Ticket · שלום עולם · 欢迎光临 🚀 Welcome สวัสดีครับ",
    ]

    /// The bytes of a bundled font with `tag` appended: a font that parses like the original
    /// (bytes after the last table are ignored) but whose content hash no other test shares.
    static func uniqueBytes(_ file: String, tag: String) throws -> [UInt8] {
        let data = try #require(FileManager.default.contents(atPath: TestFonts.path(file)))
        return [UInt8](data) + Array(tag.utf8)
    }

    /// Lays out and draws `text` (each line its own paragraph) in `font` at `width`.
    static func layOutAndDraw(_ text: String, font: Font, width: CGFloat = 300) throws {
        let frame = try Framesetter(AttributedText(text, attributes: [.font(font)]))
            .frame(in: CGRect(x: 0, y: 0, width: width, height: 2000))
        var bitmap = try Bitmap(width: Int(width), height: 400)
        Renderer().draw(frame, into: &bitmap)
    }

    @Test("an array's cost counts its capacity, not its count")
    func arrayCostUsesCapacity() {
        var array: [UInt64] = [1]
        array.reserveCapacity(1000)
        #expect(MemoryCost.array(array) >= 32 + 1000 * 8)
        #expect(MemoryCost.array([UInt64]()) == 0)
        // glibc rounds a block up to 16 bytes with 8 of overhead, at least 32.
        #expect(MemoryCost.block(1) == 32)
        #expect(MemoryCost.block(100) == 112)
    }

    @Test("the budget's shares add up to the whole, and every kind of cache is listed")
    func shares() {
        let total = GalleyMemory.Cache.allCases.reduce(0.0) { $0 + $1.share }
        #expect(abs(total - 1) < 1e-9)
        #expect(Set(GalleyMemory.usage.map(\.cache)) == Set(GalleyMemory.Cache.allCases))
    }

    @Test("a shaping cache filled past its byte limit holds at most the limit")
    func shapingCacheBytes() throws {
        let font = try Font(path: TestFonts.dejaVuSans, size: 16)
        let cache = ShapingCache(capacity: .max, byteLimit: 64 << 10)
        for n in 0..<40 {
            let words = (0..<100).map { "w\(n)x\($0)" }.joined(separator: " ")
            // Twice: a word is kept from its second sight.
            for _ in 0..<2 {
                _ = try Framesetter(AttributedText(words, attributes: [.font(font)]), shapingCache: cache)
                    .frame(in: CGRect(x: 0, y: 0, width: 400, height: 100_000))
            }
            #expect(cache.accounted.bytes <= 64 << 10)
        }
        #expect(cache.accounted.bytes > 0 && cache.count > 0)
        cache.removeAll()
        #expect(cache.accounted.bytes == 0 && cache.count == 0)
    }

    @Test("a rasterizer filled past its byte limit holds at most the limit, faces and images together")
    func rasterizerBytes() throws {
        let rasterizer = GlyphRasterizer()
        rasterizer.setByteLimit(4 << 20)
        let fonts = try [TestFonts.dejaVuSans, TestFonts.dejaVuSansBold, TestFonts.notoSansArabic].map {
            try Font(path: $0, size: 12)
        }
        for size in stride(from: 10.0, through: 60, by: 5) {
            for font in fonts {
                let frame = try Framesetter(
                    AttributedText(
                        "The quick brown fox — مرحبا بكم 0123456789", attributes: [.font(font.withSize(size))])
                ).frame(in: CGRect(x: 0, y: 0, width: 2000, height: 400))
                var bitmap = try Bitmap(width: 200, height: 100)
                Renderer(rasterizer: rasterizer).draw(frame, into: &bitmap)
                #expect(rasterizer.accounted.bytes <= 4 << 20)
            }
        }
        #expect(rasterizer.accounted.entries > 0)
        rasterizer.removeAll()
        #expect(rasterizer.accounted.bytes == 0 && rasterizer.accounted.entries == 0)
    }

    @Test("a face cache holds at most its byte limit of faces, least recently used out first")
    func faceCacheBytes() throws {
        let cache = FaceCache(byteLimit: 3 << 20)
        var held: [FontFace] = []
        for (n, file) in ["DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf"].enumerated()
        {
            let face = try cache.face(data: Self.uniqueBytes(file, tag: "limit\(n)"), faceIndex: 0, sanitizer: nil)
            #expect(cache.accounted.bytes <= 3 << 20)
            if n == 0 { held.append(face) }
        }
        // The first face was evicted, but it is still alive (held here) and found again.
        let again = try cache.face(
            data: Self.uniqueBytes("DejaVuSans.ttf", tag: "limit0"), faceIndex: 0, sanitizer: nil)
        #expect(again === held[0])
        cache.removeAll()
        #expect(cache.accounted.bytes == 0)
    }

    @Test("a dictionary cache emptied when full stays within its limit")
    func dictionaryCacheBytes() {
        let cache = DictionaryCache<Int, [Int]>(byteLimit: 10_000) { _, value in MemoryCost.array(value) }
        for n in 0..<1000 {
            cache.store(Array(repeating: n, count: n % 7), for: n)
            #expect(cache.accounted.bytes <= 10_000)
        }
        #expect(cache.accounted.entries > 0)
        cache.removeAll()
        #expect(cache.accounted.entries == 0)
    }

    @Test("under a small total budget every process-wide cache holds at most its share")
    func globalBudget() throws {
        let saved = GalleyMemory.budget
        defer { GalleyMemory.budget = saved }
        GalleyMemory.budget = 16 << 20
        for cache in GalleyMemory.Cache.allCases {
            #expect(GalleyMemory.limit(of: cache) == Int(Double(16 << 20) * cache.share))
        }
        for (n, file) in ["DejaVuSans.ttf", "DejaVuSerif.ttf", "Inter-roman.var.ttf"].enumerated() {
            let font = try Font(data: Self.uniqueBytes(file, tag: "global\(n)"), size: 14, sanitization: .trusted)
            for size in [10.0, 14, 22, 36] {
                try Self.layOutAndDraw(Self.lines.joined(separator: "\n"), font: font.withSize(size))
            }
        }
        for usage in GalleyMemory.usage {
            #expect(usage.bytes <= usage.limit, "\(usage.cache)")
        }
        #expect(GalleyMemory.accountedBytes <= GalleyMemory.budget)
    }

    @Test("two fonts made from the same bytes share one face; other bytes or sanitizing give another")
    func sameBytesOneFace() throws {
        let bytes = try Self.uniqueBytes("DejaVuSans.ttf", tag: "same")
        let a = try Font(data: bytes, size: 12, sanitization: .trusted)
        let b = try Font(data: Array(bytes), size: 12, sanitization: .trusted)
        #expect(a.face === b.face)
        #expect(a == b)
        let other = try Font(data: Self.uniqueBytes("DejaVuSans.ttf", tag: "other"), size: 12, sanitization: .trusted)
        #expect(other.face !== a.face)
        if FontSanitizer.shared.isAvailable {
            let sanitized = try Font(data: bytes, size: 12)
            #expect(sanitized.face !== a.face)
            #expect(try Font(data: bytes, size: 20).face === sanitized.face)
        }
    }

    @Test(
        "a face the caller lets go of is freed once the caches are trimmed, and no cache keeps its entries",
        arguments: ["DejaVuSans.ttf", "DejaVuSerif.ttf"])
    func releasedFaceIsFreed(_ file: String) throws {
        weak var weakFace: FontFace?
        var id: UInt64 = 0
        try {
            let font = try Font(data: Self.uniqueBytes(file, tag: "weak"), size: 15, sanitization: .trusted)
            weakFace = font.face
            id = font.face.id
            try Self.layOutAndDraw(Self.lines.joined(separator: "\n"), font: font)
            #expect(FaceCache.shared.keeps(faceID: id))
        }()
        // Nothing but the face cache held it after the layout.
        #expect(weakFace != nil)
        GalleyMemory.trimCaches()
        #expect(weakFace == nil)
        #expect(!FaceCache.shared.keeps(faceID: id))
        #expect(!ShapingCache.shared.holdsStyles(ofFace: id))
        #expect(!FontCollection.shared.fallbacks.holdsAnswers(forFace: id))
        #expect(!GlyphRasterizer.shared.holdsFace(id))
    }

    @Test("a face the caller lets go of is freed when the face cache evicts it")
    func evictedFaceIsFreed() throws {
        // Room for one face of about 760 KB (its private copy of the bytes, which HarfBuzz and
        // FreeType read in place, and its coverage), not two: one and a half of the file.
        let size = try FileManager.default.attributesOfItem(atPath: TestFonts.path("DejaVuSans.ttf"))[.size] as? Int
        let cache = FaceCache(byteLimit: (try #require(size)) * 3 / 2)
        weak var weakFace: FontFace?
        try {
            let face = try cache.face(
                data: Self.uniqueBytes("DejaVuSans.ttf", tag: "evict"), faceIndex: 0, sanitizer: nil)
            weakFace = face
            let font = Font(face: face, size: 14)
            try Self.layOutAndDraw(Self.lines[0], font: font)
        }()
        #expect(weakFace != nil)
        // Another face of about the same size pushes it out.
        _ = try cache.face(data: Self.uniqueBytes("DejaVuSans-Bold.ttf", tag: "evict"), faceIndex: 0, sanitizer: nil)
        #expect(weakFace == nil)
    }
}
