// Fuzz harness 1: Pango-style markup → Markup.parse → Framesetter → Frame → Renderer (bitmap,
// PPM/PNG bytes) and SVGWriter, through Galley's public API only; the frame keeps the layout
// invariants (LayoutInvariants), and a frame of its suggested size holds the suggested range.
import Foundation
import FuzzSupport
import Galley

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func markupRenderTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let markup = String(decoding: bytes, as: UTF8.self)
    guard let font = try? Font(family: "DejaVu Sans", size: 14),
        let text = try? Markup.parse(markup, base: [.font(font)])
    else { return 0 }
    guard let framesetter = try? Framesetter(text) else { return 0 }
    guard let frame = try? framesetter.frame(in: CGRect(x: 0, y: 0, width: 200, height: 300)) else { return 0 }
    LayoutInvariants.requireAll(frame)
    LayoutInvariants.requireSuggestedSizeHolds(framesetter, constraints: CGSize(width: 200, height: 300))
    var bitmap = try! Bitmap(width: 200, height: 300)
    Renderer().draw(frame, into: &bitmap)
    _ = bitmap.ppmData()
    _ = SVGWriter(width: 200, height: 300).document(for: frame)
    return 0
}
