// A stress test of the whole pipeline from many tasks at once: layout and rendering that share
// fonts, a FontCollection, a ShapingCache, a GlyphRasterizer and framesetters give, byte for byte
// and pixel for pixel, what the same work gives done serially. `make sanitize` runs it under
// ThreadSanitizer with the other concurrency tests (it matches the filter "[Cc]oncurren").

import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyShaping
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Concurrency stress: layout and rendering")
struct ConcurrencyStressTests {
    /// One piece of work: a text laid out at a width and drawn.
    struct Job: Sendable {
        let text: AttributedText
        let width: CGFloat
    }

    /// What a job gives: every line's string range, origin, fonts, glyphs and positions, and the pixels.
    struct Outcome: Equatable, Sendable {
        struct Run: Equatable, Sendable {
            let font: String
            let glyphs: [GlyphID]
            let positions: [CGPoint]
            let stringIndices: [Int]
        }
        var lines: [Range<Int>] = []
        var origins: [CGPoint] = []
        var runs: [[Run]] = []
        var hyphenated: [Bool] = []
        var pixels: [UInt8] = []
    }

    /// The services a job uses, all of them shared by every task of the concurrent run.
    struct Services: Sendable {
        let fonts: FontCollection
        let shapingCache: ShapingCache
        let rasterizer: GlyphRasterizer

        /// New, empty services: a collection of the bundled fonts only, so fallback does not
        /// depend on the machine, and a shaping cache small enough to fill and empty often.
        static func fresh(cacheCapacity: Int) -> Services {
            Services(
                fonts: FontCollection(
                    bundledFontsDirectory: TestFonts.directory,
                    includeSystemFonts: false),
                shapingCache: ShapingCache(capacity: cacheCapacity), rasterizer: GlyphRasterizer())
        }
    }

    /// Texts that go through fallback (Arabic, Hebrew, Chinese, Thai, Devanagari, colour emoji),
    /// bidi, hyphenation with optimal breaking, a variable-font instance and shadows and underlines.
    static func jobs(_ fonts: FontCollection) throws -> [Job] {
        let serif = try fonts.font(family: "DejaVu Serif", size: 13)
        var hyphenating = ParagraphStyle(alignment: .justified)
        hyphenating.lineBreakStrategy = .optimal
        hyphenating.hyphenationFactor = 1
        let english = String(
            repeating: "Typesetting hyphenates extraordinarily long words, justifies paragraphs and "
                + "balances the grey of the page. ", count: 3)
        let mixed =
            "Galley lays out العربية and עברית beside 中文排版, ภาษาไทยง่ายนิดเดียว, हिन्दी पाठ and emoji 😀🎉🧵 "
            + "in one paragraph.\nA second paragraph: office ﬁnance 12345."
        let inter = try Font(path: TestFonts.path("Inter-roman.var.ttf"), size: 15)
        let texts = [
            AttributedText(english, attributes: [.font(serif), .paragraphStyle(hyphenating), .language("en-US")]),
            AttributedText(mixed, attributes: [.underline(TextDecoration())]),
            AttributedText(
                "Variable weight with a soft shadow and some more words to wrap.",
                attributes: [
                    .font(inter), .fontVariations([try FontVariation("wght", 650)]),
                    .shadow(TextShadow(offset: CGSize(width: 1, height: -1), blurRadius: 1.5)),
                ]),
        ]
        return texts.flatMap { text in [Job(text: text, width: 170), Job(text: text, width: 260)] }
    }

    /// Lays `job` out (with `framesetter`, or a new one over `services`) and draws it.
    static func run(_ job: Job, _ services: Services, framesetter: Framesetter? = nil) throws -> Outcome {
        let setter =
            try framesetter ?? Framesetter(job.text, fonts: services.fonts, shapingCache: services.shapingCache)
        let frame = try setter.frame(in: CGRect(x: 3, y: 3, width: job.width, height: 320))
        var bitmap = try Bitmap(width: Int(job.width) + 6, height: 326)
        Renderer(rasterizer: services.rasterizer).draw(frame, into: &bitmap)
        var outcome = Outcome()
        outcome.lines = frame.lines.map(\.stringRange)
        outcome.origins = frame.lineOrigins
        outcome.hyphenated = frame.lines.map(\.isHyphenated)
        outcome.runs = frame.lines.map { line in
            line.glyphRuns.map {
                Outcome.Run(
                    font: $0.font.postScriptName, glyphs: Array($0.glyphs), positions: Array($0.positions),
                    stringIndices: Array($0.stringIndices))
            }
        }
        outcome.pixels = bitmap.pixels
        return outcome
    }

    /// Many tasks, each doing every job twice in its own order, half of them through framesetters
    /// that all tasks share, give exactly the serial outcomes.
    @Test func concurrentLayoutAndRenderingMatchSerial() async throws {
        let serial = Services.fresh(cacheCapacity: 1000)
        let jobs = try Self.jobs(serial.fonts)
        let expected = try jobs.map { try Self.run($0, serial) }
        #expect(expected.allSatisfy { $0.lines.count > 1 && $0.pixels.contains { $0 < 128 } })
        #expect(expected[0].hyphenated.contains(true))
        #expect(Set(expected[2].runs.flatMap { $0.map(\.font) }).count >= 5)

        let shared = Services.fresh(cacheCapacity: 40)
        let framesetters = try jobs.map {
            try Framesetter($0.text, fonts: shared.fonts, shapingCache: shared.shapingCache)
        }
        let taskCount = 8
        let mismatches = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<taskCount {
                group.addTask {
                    var wrong: [String] = []
                    for step in 0..<(2 * jobs.count) {
                        let k = (task * 5 + step) % jobs.count
                        let reuse = (task + step) % 2 == 0
                        let outcome = try Self.run(jobs[k], shared, framesetter: reuse ? framesetters[k] : nil)
                        if outcome != expected[k] { wrong.append("task \(task) job \(k) shared framesetter \(reuse)") }
                    }
                    return wrong
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(mismatches == [])
    }
}
