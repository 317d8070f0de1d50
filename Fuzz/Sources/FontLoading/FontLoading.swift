// Fuzz harness 4: font files from the fuzzer. The bytes are a font file (seeded with small real
// fonts, WOFF and WOFF2 among them, and the two malformed fonts of issue 30): Font(data:) — which
// passes them through the OpenType Sanitizer first, as every untrusted font — must load them or
// throw; a loaded font's metrics must be finite, and a short string in it (and in each of its
// variation axes' extremes) is shaped, laid out and rendered, with no fallback fonts, so that
// every glyph comes from the fuzzed file, and each layout becomes a page of one PDF and one
// PostScript document (cairo's font subsetters read the sanitized face).
import Foundation
import FuzzSupport
import Galley

/// A collection with no fonts, so the layout cannot fall back to a sound font.
let noFonts = FontCollection(bundledFontsDirectory: nil, includeSystemFonts: false)

/// The sanitizer: the shared one, but with a cache of 8 MiB (each input is new bytes) and limits
/// below libFuzzer's 60 s timeout.
let sanitizer = FontSanitizer(
    limits: FontSanitizer.Limits(cpuSeconds: 10, wallClockSeconds: 20, memoryBytes: 1 << 30), cacheCapacity: 8 << 20)

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fontLoadingTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let font: Font
    do {
        font = try Font(data: bytes, size: 16, sanitization: .sanitized(by: sanitizer))
    } catch {
        // Only a verdict or a malformed file may refuse a font: never a broken sanitizer run.
        if case .sanitizerUnavailable = error { fatalError("\(error)") }
        return 0
    }
    for metric in [font.ascent, font.descent, font.leading, font.capHeight, font.xHeight, font.underlinePosition] {
        requireFinite(metric, "font metric")
    }
    _ = (font.postScriptName, font.familyName, font.styleName, font.weight, font.unitsPerEm, font.hasColorGlyphs)
    for scalar in "Ag fi\u{5D0}".unicodeScalars {
        if let glyph = font.glyph(for: scalar) {
            requireFinite(font.advance(for: glyph), "advance")
            requireFinite(font.boundingRect(for: glyph), "glyph bounds")
        }
    }
    let documents = [PDFDocument(format: .pdf), PDFDocument(format: .postScript)]
    layOut(font, into: documents)
    for axis in font.variationAxes.prefix(4) {
        for value in [axis.minimum, axis.defaultValue, axis.maximum, axis.maximum + 1000, -1e9] {
            layOut(font.withVariations([Font.Variation(tag: axis.tag, value: value)]), into: documents)
        }
    }
    for document in documents { _ = try? document.finish() }
    return 0
}

/// Lays out and renders a short string in `font` alone, as a bitmap, SVG and a page of each document.
func layOut(_ font: Font, into documents: [PDFDocument]) {
    let text = AttributedText("Hello, fi ffl 123 Ωμ שלום\tA\u{301}", attributes: [.font(font)])
    guard let framesetter = try? Framesetter(text, defaultFont: font, fonts: noFonts),
        let frame = try? framesetter.frame(in: CGRect(x: 0, y: 0, width: 120, height: 200))
    else { return }
    LayoutInvariants.requireAll(frame)
    var bitmap = try! Bitmap(width: 120, height: 60)
    Renderer().draw(frame, into: &bitmap)
    _ = SVGWriter(width: 120, height: 60).document(for: frame)
    for document in documents {
        guard (try? document.beginPage(size: CGSize(width: 120, height: 60))) != nil else { continue }
        try? document.draw(frame)
        try? document.endPage()
    }
}
