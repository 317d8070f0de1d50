// Fuzz harness: the line-breaking strategies with hyphenation (issue 29). The bytes pick words
// (ligatures, soft hyphens, zero-width characters, CJK, wide single clusters), a font and size,
// a strategy, alignment, hyphenation factor, language, tracking and a width; the frame must keep
// every invariant: finite numbers, carets in order, every index hit, lines tiling the visible
// range, no line of several clusters wider than its measure, a frame of the suggested size
// holding the suggested range, and the same frame when laid out again.
import Foundation
import FuzzSupport
import Galley

/// The words a paragraph is made of: the reproducers and their neighbours.
let words = [
    "differentiation", "Kaffeemaschine", "suffering", "office", "fun", "is", "ation", "breaking\u{AD}", "x",
    "hyphenation", "extra\u{AD}ordinary", "日本語", "‥‥[‥", "内ℹ日本語2024", "a\u{AD}b", "a\u{200B}b", "Wave",
    "AVATAR", "العربية", "ffi", "—", "-", "\u{2060}", "T.", "WAW", "coöperate",
]

/// The fonts: a serif with ligatures, a variable sans with wide glyphs, CJK ones.
let families = ["DejaVu Serif", "DejaVu Sans", "Inter", "Droid Sans Fallback", "IPAexMincho"]

/// libFuzzer's initialisation, before the first input and outside every input's timeout: lays out
/// one hyphenated word in each language the inputs pick, so that loading a hyphenation dictionary
/// (German's takes over a minute of wall time in this ASan debug build on a loaded 2-core
/// machine, once per process) is not charged to whichever input first asks for it.
@_cdecl("LLVMFuzzerInitialize")
public func breakingStrategiesInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    guard let font = try? Font(family: "DejaVu Serif", size: 20) else { return 0 }
    var style = ParagraphStyle()
    style.hyphenationFactor = 1
    for language in ["en-US", "de"] {
        var attributes: Attributes = [.font(font), .paragraphStyle(style)]
        attributes.language = language
        let text = AttributedText("Kaffeemaschine differentiation", attributes: attributes)
        _ = try? Framesetter(text).frame(in: CGRect(x: 0, y: 0, width: 53, height: 4000))
    }
    return 0
}

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func breakingStrategiesTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let family = input.pick(families)
    let fontSize = input.bool() ? input.pick([14.5, 20, 55.75, 12] as [CGFloat]) : CGFloat(input.int(in: 4...80))
    guard let font = try? Font(family: family, size: fontSize) else { return 0 }
    var style = ParagraphStyle(alignment: input.pick([.natural, .justified, .left, .center, .right]))
    style.lineBreakStrategy = input.pick([.greedy, .optimal, .balanced, .pretty])
    style.hyphenationFactor = input.pick([0, 1, 0.5, 0.9])
    var attributes: Attributes = [.font(font), .paragraphStyle(style)]
    attributes.language = input.pick(["en-US", "de", nil, "ja"])
    if let tracking = input.pick([nil, 4.5, -0.5, 2, -3, -40] as [CGFloat?]) { attributes.tracking = tracking }
    var string = ""
    for k in 0..<input.int(in: 1...10) {
        if k > 0 { string += input.pick([" ", " ", "", "\u{AD}", "\n"]) }
        string += input.pick(words)
    }
    let text = AttributedText(string, attributes: attributes)
    let width = input.bool() ? input.pick([26.5, 53, 103, 134.25] as [CGFloat]) : CGFloat(input.int(in: 0...1600)) / 4
    FuzzTrace.log("\(family) \(fontSize) \(style.lineBreakStrategy) \(string.debugDescription) width \(width)")
    guard let framesetter = try? Framesetter(text) else { return 0 }
    let rect = CGRect(x: 0, y: 0, width: width, height: 4000)
    let options = FrameOptions(truncation: nil)
    guard let frame = try? framesetter.frame(in: rect, options: options) else { return 0 }
    LayoutInvariants.requireAll(frame)
    LayoutInvariants.requireLinesWithinMeasure(frame, text: text)
    LayoutInvariants.requireSameAgain(text, frame) { try? $0.frame(in: rect, options: options) }
    let height = input.pick([4000, 29.75, 60, 0] as [CGFloat])
    LayoutInvariants.requireSuggestedSizeHolds(framesetter, constraints: CGSize(width: width, height: height))
    return 0
}
