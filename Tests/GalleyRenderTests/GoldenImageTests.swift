// Visual regression tests: a few samples rendered and compared with committed golden PNGs.
//
// Each sample is rendered and compared with Tests/GalleyRenderTests/Golden/<name>.png: the test fails
// when the PSNR over RGB falls below 40 dB or more than 0.5 % of the pixels differ by more than 32
// in some channel. On failure the actual image and a diff image (differences amplified 4×, on black)
// are written to a temporary directory named in the failure message.
//
// To regenerate the goldens after an intended change, run
//     scripts/update-golden.sh
// (equivalently: GALLEY_UPDATE_GOLDEN=1 swift test --filter GoldenImageTests), look at the new PNGs,
// and commit them. The goldens were checked by eye when created; the independent comparison with
// pango-view is scripts/compare-pango.sh.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Golden images")
struct GoldenImageTests {
    /// One sample: a name (the PNG's base name), a canvas size in points and the frame to draw.
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let width: Int
        let height: Int
        let make: @Sendable () throws -> Frame
        var testDescription: String { name }
    }

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    static func font(_ file: String, _ size: CGFloat) throws -> Font {
        try Font(path: TestFonts.path(file), size: size)
    }

    static func frame(_ text: AttributedText, width: Int, height: Int) throws -> Frame {
        try Framesetter(text).frame(in: CGRect(x: 8, y: 6, width: width - 16, height: height - 12))
    }

    static let samples: [Sample] = [
        Sample(name: "latin-16pt", width: 420, height: 36) {
            try frame(
                AttributedText(
                    "The quick brown fox jumps over the lazy dog. 0123456789",
                    attributes: [.font(try font("DejaVuSans.ttf", 16))]), width: 420, height: 36)
        },
        Sample(name: "markup-bold-colour", width: 360, height: 34) {
            let text = try Markup.parse(
                "Plain, <b>bold</b>, <span foreground=\"#c02020\">red</span>, <i>italic</i> and <span foreground=\"#2040c080\">translucent blue</span>",
                base: [.font(try font("DejaVuSans.ttf", 14))])
            return try frame(text, width: 360, height: 34)
        },
        Sample(name: "arabic", width: 240, height: 60) {
            var attributes: Attributes = [.font(try font("NotoSansArabic-Regular.ttf", 20))]
            attributes.paragraphStyle = ParagraphStyle(alignment: .natural)
            return try frame(
                AttributedText("مرحبا بالعالم، هذا نص عربي", attributes: attributes), width: 240, height: 60)
        },
        Sample(name: "emoji", width: 220, height: 40) {
            try frame(
                AttributedText("Emoji 😀 🎉 👍🏽 ok", attributes: [.font(try font("DejaVuSans.ttf", 18))]), width: 220,
                height: 40)
        },
        Sample(name: "placeholder", width: 200, height: 44) {
            let f = try font("DejaVuSans.ttf", 14)
            var builder = AttributedTextBuilder("Box ", attributes: [.font(f)])
            builder.appendPlaceholder(
                try RunDelegate(width: 40, ascent: 18, descent: 4, value: "box"), attributes: [.font(f)])
            builder.append(" image ", attributes: [.font(f)])
            builder.appendPlaceholder(
                try RunDelegate(width: 24, ascent: 14, descent: 2, value: "image"), attributes: [.font(f)])
            builder.append(" end", attributes: [.font(f)])
            return try frame(builder.build(), width: 200, height: 44)
        },
    ]

    /// A 2×2 checker (orange, teal) that the "image" placeholder shows, stretched.
    static func checker() throws -> Bitmap {
        try Bitmap(
            width: 2, height: 2, pixels: [255, 140, 0, 255, 0, 128, 128, 255, 0, 128, 128, 255, 255, 140, 0, 255])
    }

    static func render(_ sample: Sample) throws -> Bitmap {
        let frame = try sample.make()
        // Every sample is one line that fits its frame.
        #expect(frame.lines.count == 1, "\(sample.name): \(frame.lines.count) lines")
        var bitmap = try Bitmap(width: sample.width, height: sample.height)
        let image = try checker()
        Renderer().draw(frame, into: &bitmap) { $0.delegate.value == "image" ? image : nil }
        return bitmap
    }

    /// PSNR over RGB in dB (infinite for identical images) and the number of pixels whose largest
    /// channel difference exceeds `tolerance`.
    static func compare(_ a: Bitmap, _ b: Bitmap, tolerance: Int) -> (psnr: Double, outliers: Int) {
        var squares = 0.0, outliers = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var worst = 0
            for c in 0..<3 {
                let d = Int(a.pixels[i + c]) - Int(b.pixels[i + c])
                squares += Double(d * d)
                worst = max(worst, abs(d))
            }
            if worst > tolerance { outliers += 1 }
        }
        let mse = squares / Double(a.pixels.count / 4 * 3)
        return (mse == 0 ? .infinity : 10 * log10(255 * 255 / mse), outliers)
    }

    /// |a − b| × 4 per channel, opaque.
    static func diffImage(_ a: Bitmap, _ b: Bitmap) throws -> Bitmap {
        var bytes = [UInt8](repeating: 255, count: a.pixels.count)
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 { bytes[i + c] = UInt8(min(255, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) * 4)) }
        }
        return try Bitmap(width: a.width, height: a.height, pixels: bytes)
    }

    @Test("samples match their golden images", arguments: samples)
    func golden(_ sample: Sample) throws {
        let actual = try Self.render(sample)
        let path = Self.goldenDirectory.appendingPathComponent(sample.name + ".png").path
        if ProcessInfo.processInfo.environment["GALLEY_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
            try actual.write(to: path)
            // An update run writes the images but checks nothing, so it must not pass as a check.
            Issue.record("GALLEY_UPDATE_GOLDEN=1: wrote \(path) without comparing; unset it to test")
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("missing golden image \(path); run scripts/update-golden.sh")
            return
        }
        let golden = try ImageLoader.load(path: path)
        let sameSize = golden.width == actual.width && golden.height == actual.height
        let (psnr, outliers) =
            sameSize ? Self.compare(actual, golden, tolerance: 32) : (0, actual.width * actual.height)
        let allowed = actual.width * actual.height / 200
        guard psnr < 40 || outliers > allowed else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let actualPath = dir.appendingPathComponent(sample.name + "-actual.png").path
        try actual.write(to: actualPath)
        guard sameSize else {
            Issue.record(
                """
                \(sample.name): golden is \(golden.width)×\(golden.height), actual \(actual.width)×\(actual.height); \
                actual: \(actualPath), golden: \(path)
                """)
            return
        }
        let diffPath = dir.appendingPathComponent(sample.name + "-diff.png").path
        try Self.diffImage(actual, golden).write(to: diffPath)
        Issue.record(
            """
            \(sample.name): PSNR \((psnr * 100).rounded() / 100) dB (minimum 40), \(outliers) pixels off by more than 32 \
            (at most \(allowed)); actual: \(actualPath), diff: \(diffPath), golden: \(path)
            """)
    }

    @Test("the comparison catches a shifted image")
    func comparisonFails() throws {
        // Independent check of the thresholds: the Latin sample moved right by 1 px must fail them,
        // since glyph stems then land on other columns.
        let a = try Self.render(Self.samples[0])
        var b = try Bitmap(width: a.width, height: a.height)
        for y in 0..<a.height {
            for x in 1..<a.width { b.setPixel(x: x, y: y, to: a.pixel(x: x - 1, y: y)!) }
        }
        let (psnr, outliers) = Self.compare(a, b, tolerance: 32)
        #expect(psnr < 40 || outliers > a.width * a.height / 200)
        #expect(Self.compare(a, a, tolerance: 32).psnr == .infinity)
    }
}
