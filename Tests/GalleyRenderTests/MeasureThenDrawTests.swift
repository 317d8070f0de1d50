// UIKit's commonest idiom, measure then draw: `draw(with: rect, …)` of the rect
// `boundingRect(with:options:context:)` gave, with the same options, shows every line that was
// measured ("UIKit measures and draws with one arithmetic"; `drawInRect:` is
// `drawWithRect:options:context:` with NSStringDrawingUsesLineFragmentOrigin, Apple's documentation).
// Every text of samples/ at its own --size and --width, for every set of UIKit's options. The oracle
// for "a line is drawn" is ink in the band of each line of the unconstrained layout, found in the
// pixels.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Measure then draw")
struct MeasureThenDrawTests {
    /// A sample's file name, its text and the width and size its .flags give.
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let width: CGFloat
        let size: CGFloat
        var testDescription: String { name }

        func text() throws -> AttributedText {
            let font = try Font(path: TestFonts.dejaVuSans, size: size)
            let source = try String(contentsOf: TestPackage.url("samples/\(name)"), encoding: .utf8)
            if name.hasSuffix(".markup") { return try Markup.parse(source, base: [.font(font)]) }
            return AttributedText(source, attributes: [.font(font)])
        }
    }

    /// Every .txt and .markup of samples/, with --size and --width read from its .flags.
    static let samples: [Sample] = {
        let directory = TestPackage.url("samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".txt") || $0.hasSuffix(".markup") }.sorted().map { name in
            let base = (name as NSString).deletingPathExtension
            let flags =
                (try? String(contentsOf: directory.appendingPathComponent(base + ".flags"), encoding: .utf8)) ?? ""
            let words = flags.split(whereSeparator: \.isWhitespace).map(String.init)
            func value(_ flag: String, _ fallback: CGFloat) -> CGFloat {
                guard let i = words.firstIndex(of: flag), i + 1 < words.count, let v = Double(words[i + 1]) else {
                    return fallback
                }
                return CGFloat(v)
            }
            return Sample(name: name, width: value("--width", 400), size: value("--size", 16))
        }
    }()

    /// Every combination of UIKit's four options.
    static let optionSets: [StringDrawingOptions] = (0..<16).map { bits in
        var options: StringDrawingOptions = []
        let all: [StringDrawingOptions] = [
            .usesLineFragmentOrigin, .usesFontLeading, .usesDeviceMetrics, .truncatesLastVisibleLine,
        ]
        for (k, option) in all.enumerated() where bits & (1 << k) != 0 { options.insert(option) }
        return options
    }

    @Test(arguments: samples)
    func everyMeasuredLineIsDrawn(_ sample: Sample) throws {
        #expect(Self.samples.count >= 20)
        let text = try sample.text()
        for options in Self.optionSets {
            let measured = try text.boundingRect(
                with: CGSize(width: sample.width, height: 0), options: options, context: nil)
            // What the rect must show: the lines of the unconstrained layout, drawn at `origin`.
            let expected = try Framesetter(text).stringDrawingLayout(
                size: CGSize(width: sample.width, height: 0), options: options)
            let origin = CGPoint(x: 20, y: 20 + max(0, -measured.minY))
            // The ink box is no wrapping width: with usesDeviceMetrics the text wraps in the
            // width it was measured in, and the measured height limits it.
            let width = options.contains(.usesDeviceMetrics) ? sample.width : measured.width
            let rect = CGRect(origin: origin, size: CGSize(width: width, height: measured.height))
            var bitmap = try Bitmap(
                width: Int(sample.width + 40), height: Int((expected.height + 60 + max(0, -measured.minY)).rounded(.up))
            )
            try text.draw(with: rect, options: options, context: nil, into: &bitmap)
            let rows = Self.inkRows(bitmap)
            for (line, baseline) in zip(expected.frame.lines, expected.baselines) {
                let image = line.imageBounds
                guard !image.isNull, !image.isEmpty, line.glyphRuns.contains(where: { !$0.isPlaceholder }) else {
                    continue
                }
                let y = origin.y + baseline
                let band = Int((y - image.maxY).rounded(.down))...Int((y - image.minY).rounded(.up))
                #expect(
                    band.contains { rows.contains($0) },
                    "\(sample.name) \(options.rawValue): line \(line.stringRange) not drawn in rows \(band)")
            }
        }
    }

    /// The repro of the issue: Liberation Sans 20 at width 120 measures 4 lines, and drawing into
    /// that rect (`draw(in:)`, UIKit's drawInRect:) draws 4.
    @Test func liberationSansRepro() throws {
        let path = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
        let font = try Font(path: FileManager.default.fileExists(atPath: path) ? path : TestFonts.dejaVuSans, size: 20)
        let text = AttributedText("The quick brown fox jumps over the lazy dog", attributes: [.font(font)])
        let rect = try text.boundingRect(
            with: CGSize(width: 120, height: 0), options: .usesLineFragmentOrigin, context: nil)
        let lines = try Framesetter(text).stringDrawingLayout(
            size: CGSize(width: 120, height: 0), options: .usesLineFragmentOrigin
        ).frame.lines.count
        #expect(lines >= 3)
        var bitmap = try Bitmap(width: 200, height: Int(rect.height.rounded(.up)) + 40)
        try text.draw(in: CGRect(origin: CGPoint(x: 10, y: 10), size: rect.size), into: &bitmap)
        let drawn = try Framesetter(text).stringDrawingLayout(size: rect.size, options: .usesLineFragmentOrigin)
        #expect(drawn.frame.lines.count == lines)
        #expect(drawn.fits)
        // And the last line's ink is in the bitmap, below the first lines'.
        let rows = Self.inkRows(bitmap)
        let last = try #require(drawn.baselines.last)
        #expect(rows.contains { CGFloat($0) > 10 + last - font.ascent && CGFloat($0) <= 10 + last + font.descent })
    }

    /// The rows of `bitmap` holding a pixel that is not white.
    static func inkRows(_ bitmap: Bitmap) -> Set<Int> {
        let white = Bitmap.Pixel(red: 255, green: 255, blue: 255)
        var rows = Set<Int>()
        for y in 0..<bitmap.height where (0..<bitmap.width).contains(where: { bitmap.pixel(x: $0, y: y) != white }) {
            rows.insert(y)
        }
        return rows
    }
}
