// Fuzz harness: the writers on accepted frames, and one-call drawing (issue 29). The bytes build
// a text of hostile pieces (noncharacters, controls, emoji, bidi, every script the bundled fonts
// cover) with colours (translucent ones included), strokes, shadows and decorations, lay it out
// in a frame, and draw it as a bitmap, SVG, PDF and PostScript on a page up to the largest PDF
// page: a writer failing on a frame layout accepted traps. One-call drawing with a hostile rect
// must throw a LayoutError or record finite total bounds.
import Foundation
import FuzzSupport
import Galley

/// Text that writers must carry: noncharacters, controls, emoji, scripts, placeholders.
let writerPieces =
    ["A" + noncharacter(0xFFFF) + "B", noncharacter(0xFFFE), noncharacter(0xFDD0), noncharacter(0x1FFFF)] + [
        "😀", "👩‍👩‍👧", "Hello", "العربية", "עברית", "中文",
        "\u{0}", "\u{7}", "\t", "\n", "\u{FFFD}", "\u{AD}", "ffi", "\u{202E}abc", "\u{FFFC}", "e\u{301}",
    ]

/// The noncharacter `value` as a string (Swift's literals refuse U+FFFE, though it is a scalar).
func noncharacter(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func writersTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var string = ""
    for _ in 0..<input.int(in: 1...6) { string += input.pick(writerPieces) }
    let fontSize = CGFloat(input.int(in: 4...60))
    guard let font = try? Font(family: input.pick(["DejaVu Sans", "Noto Color Emoji", "Inter"]), size: fontSize)
    else { return 0 }
    var builder = AttributedTextBuilder(AttributedText(string, attributes: [.font(font)]))
    let length = builder.length
    for _ in 0..<input.int(in: 0...4) {
        guard length > 0 else { break }
        let start = input.int(in: 0...(length - 1))
        let range = start..<min(length, start + input.int(in: 1...8))
        let alpha = input.pick([1, 0.5, 0, 0.01] as [Double])
        let color = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: alpha)
        let attribute: Attribute =
            switch input.int(in: 0...3) {
            case 0: .foregroundColor(color)
            case 1: .backgroundColor(color)
            case 2: .stroke(TextStroke(width: input.pick([1, 3, -2] as [CGFloat]), color: color))
            default: .underline(TextDecoration(style: .single, color: color))
            }
        try? builder.setAttribute(attribute, range: range)
    }
    let text = builder.build()
    guard let framesetter = try? Framesetter(text) else { return 0 }
    let page = CGSize(
        width: input.pick([200, 7_950, 14_400, 3, 20_000] as [CGFloat]),
        height: input.pick([100, 3, 14_400] as [CGFloat]))
    let rect = CGRect(x: 0, y: 0, width: min(page.width, 14_400), height: min(page.height, 14_400))
    FuzzTrace.log("\(string.debugDescription) page \(page)")
    guard let frame = try? framesetter.frame(in: rect, options: FrameOptions(truncation: nil)) else { return 0 }
    LayoutInvariants.requireAll(frame)
    WriterChecks.requireWritersAccept(frame, page: page, formats: input.bool() ? [.pdf, .postScript] : [.pdf])
    let drawRect = CGRect(x: input.hostile(), y: input.hostile(), width: input.hostile(), height: input.hostile())
    WriterChecks.requireOneCallDrawing(
        text, rect: drawRect, options: input.pick([[.usesLineFragmentOrigin], [], [.usesDeviceMetrics]]))
    return 0
}
