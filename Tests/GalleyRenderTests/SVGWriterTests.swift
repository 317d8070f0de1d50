// Tests of SVGWriter: well-formed XML, one path per visible glyph at the font's own glyph bounds,
// colours, placeholders, colour emoji and atomic writes.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The elements of an XML document with their attributes, in document order, via XMLParser.
final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var error: Error?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        elements.append((elementName, attributeDict))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = parseError
    }

    static func parse(_ text: String) throws -> ElementCollector {
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        let ok = parser.parse()
        #expect(ok, "XML parse error: \(String(describing: collector.error))")
        try #require(ok)
        return collector
    }
}

@Suite("SVG output")
struct SVGWriterTests {
    static let dejaVu = TestFonts.path("DejaVuSans.ttf")

    static func frame(_ text: String, font: Font, color: Color? = nil, rect: CGRect) throws -> Frame {
        var attributes: Attributes = [.font(font)]
        if let color { attributes.foregroundColor = color }
        return try Framesetter(AttributedText(text, attributes: attributes)).frame(in: rect)
    }

    /// All numbers in a path's `d`, paired as (x, y).
    static func points(_ d: String) -> [(Double, Double)] {
        let numbers = d.split(whereSeparator: { "MLQCZ ".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    @Test("the document is well-formed XML with one path per visible glyph, at the glyph's bounds")
    func pathsMatchGlyphs() throws {
        let font = try Font(path: Self.dejaVu, size: 24)
        let rect = CGRect(x: 10, y: 12, width: 300, height: 40)
        let frame = try Self.frame("HELLO, Wide world", font: font, rect: rect)
        let writer = SVGWriter(width: 320, height: 64)
        let xml = try ElementCollector.parse(writer.document(for: frame))
        let svg = try #require(xml.elements.first)
        #expect(svg.name == "svg")
        #expect(svg.attributes["viewBox"] == "0 0 320 64")
        // The background rect comes first, white.
        #expect(xml.elements[1].name == "rect" && xml.elements[1].attributes["fill"] == "#ffffff")
        let paths = xml.elements.filter { $0.name == "path" }
        // Expected boxes: each glyph with non-empty ink (HarfBuzz extents from the glyf table), placed at
        // frame origin + line origin + glyph position, y flipped about the 64-pt canvas height.
        var expected: [(Double, Double, Double, Double)] = []
        for (l, line) in frame.lines.enumerated() {
            for run in line.glyphRuns {
                for (g, glyph) in run.glyphs.enumerated() {
                    let b = run.font.boundingRect(for: glyph)
                    guard b.width > 0, b.height > 0 else { continue }
                    let ox = Double(rect.minX + frame.lineOrigins[l].x + run.positions[g].x)
                    let oy = Double(rect.minY + frame.lineOrigins[l].y + run.positions[g].y)
                    expected.append(
                        (
                            ox + Double(b.minX), 64 - (oy + Double(b.maxY)), ox + Double(b.maxX),
                            64 - (oy + Double(b.minY))
                        ))
                }
            }
        }
        // 17 characters minus 2 spaces.
        #expect(expected.count == 15)
        try #require(paths.count == expected.count)
        for (path, e) in zip(paths, expected) {
            let pts = Self.points(try #require(path.attributes["d"]))
            // DejaVu puts on-curve points at every extremum, so the control box is the ink box.
            let minX = pts.map(\.0).min()!, maxX = pts.map(\.0).max()!
            let minY = pts.map(\.1).min()!, maxY = pts.map(\.1).max()!
            #expect(
                abs(minX - e.0) < 0.02 && abs(minY - e.1) < 0.02 && abs(maxX - e.2) < 0.02 && abs(maxY - e.3) < 0.02,
                "path box \((minX, minY, maxX, maxY)) vs glyph box \(e)")
        }
    }

    @Test("run colours become fill and fill-opacity")
    func colours() throws {
        let font = try Font(path: Self.dejaVu, size: 20)
        let frame = try Self.frame(
            "Ab", font: font, color: Color(red: 1, green: 0.4, blue: 0, alpha: 0.5),
            rect: CGRect(x: 0, y: 0, width: 100, height: 30))
        let xml = try ElementCollector.parse(SVGWriter(width: 100, height: 30, background: nil).document(for: frame))
        #expect(!xml.elements.contains { $0.name == "rect" })
        let group = try #require(xml.elements.first { $0.name == "g" })
        // 0.4 · 255 = 102 = 0x66.
        #expect(group.attributes["fill"] == "#ff6600")
        #expect(group.attributes["fill-opacity"] == "0.5")
        #expect(xml.elements.filter { $0.name == "path" }.count == 2)
    }

    @Test("synthetic oblique slants the path")
    func obliquePath() throws {
        let font = try Font(path: Self.dejaVu, size: 40).withSyntheticTraits(.oblique)
        let frame = try Self.frame("I", font: font, rect: CGRect(x: 10, y: 10, width: 80, height: 50))
        let xml = try ElementCollector.parse(SVGWriter(width: 100, height: 70).document(for: frame))
        let pts = Self.points(try #require(xml.elements.first { $0.name == "path" }?.attributes["d"]))
        // The I is a rectangle; sheared by x += 0.2·y its top edge's x range is shifted by 0.2 × height.
        let top = pts.map(\.1).min()!, bottom = pts.map(\.1).max()!
        let topXs = pts.filter { abs($0.1 - top) < 0.01 }.map(\.0)
        let bottomXs = pts.filter { abs($0.1 - bottom) < 0.01 }.map(\.0)
        #expect(abs(topXs.min()! - bottomXs.min()! - 0.2 * (bottom - top)) < 0.02)
    }

    static func placeholderFrame(value: String) throws -> Frame {
        let font = try Font(path: Self.dejaVu, size: 20)
        var builder = AttributedTextBuilder("x", attributes: [.font(font)])
        builder.appendPlaceholder(
            try RunDelegate(width: 30, ascent: 20, descent: 5, value: value), attributes: [.font(font)])
        return try Framesetter(builder.build()).frame(in: CGRect(x: 10, y: 10, width: 100, height: 40))
    }

    @Test("placeholders are images when a reference is given, else outlined rects at their rect")
    func placeholders() throws {
        let frame = try Self.placeholderFrame(value: "a&b.png")
        let p = try #require(frame.placeholders.first)
        let writer = SVGWriter(width: 120, height: 60)
        let withImage = try ElementCollector.parse(writer.document(for: frame) { "img/" + $0.delegate.value })
        let image = try #require(withImage.elements.first { $0.name == "image" })
        #expect(image.attributes["xlink:href"] == "img/a&b.png")
        #expect(abs(Double(image.attributes["x"]!)! - Double(p.rect.minX)) < 0.001)  // 3 decimals
        #expect(abs(Double(image.attributes["y"]!)! - (60 - Double(p.rect.maxY))) < 0.001)
        #expect(image.attributes["width"] == "30" && image.attributes["height"] == "25")
        let boxed = try ElementCollector.parse(writer.document(for: frame))
        #expect(!boxed.elements.contains { $0.name == "image" })
        let rects = boxed.elements.filter { $0.name == "rect" }
        #expect(rects.count == 2)  // background and the placeholder's outline
        #expect(rects[1].attributes["width"] == "30" && rects[1].attributes["height"] == "25")
    }

    @Test("colour emoji are embedded as PNG data URIs")
    func emoji() throws {
        let emoji = try Font(path: TestFonts.path("NotoColorEmoji.ttf"), size: 32)
        let frame = try Self.frame("😀", font: emoji, rect: CGRect(x: 10, y: 10, width: 80, height: 50))
        let xml = try ElementCollector.parse(SVGWriter(width: 100, height: 70).document(for: frame))
        #expect(!xml.elements.contains { $0.name == "path" })
        let image = try #require(xml.elements.first { $0.name == "image" })
        let href = try #require(image.attributes["xlink:href"])
        #expect(href.hasPrefix("data:image/png;base64,"))
        let png = try #require(Data(base64Encoded: String(href.dropFirst("data:image/png;base64,".count))))
        let decoded = try ImageLoader.decode([UInt8](png))
        // Rasterised at 2 px per point: the image's pixel size is twice its size in points.
        #expect(abs(Double(decoded.width) / 2 - Double(image.attributes["width"]!)!) < 0.001)
        // Roughly the em box: the 32-pt emoji's bitmap spans about 32–40 pt.
        #expect(decoded.width >= 50 && decoded.width <= 90)
    }

    @Test("write(to:) writes atomically and reports unwritable paths")
    func writing() throws {
        let dir = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: dir) }
        let font = try Font(path: Self.dejaVu, size: 12)
        let frame = try Self.frame("Hi", font: font, rect: CGRect(x: 0, y: 0, width: 50, height: 20))
        let path = dir.appendingPathComponent("out.svg").path
        try SVGWriter(width: 50, height: 20).write(frame, to: path)
        _ = try ElementCollector.parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.svg"])
        #expect(throws: RenderError.self) {
            try SVGWriter(width: 50, height: 20).write(frame, to: dir.appendingPathComponent("missing/out.svg").path)
        }
    }
}
