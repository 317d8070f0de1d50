// Fuzz harness: vertical frames with ruby and tate-chū-yoko (issue 29). The bytes pick a
// Japanese text (with Latin, digits, emoji, an empty paragraph), ruby annotations on ranges
// (positions, alignment, overhang, size), tate-chū-yoko on digit runs, text orientation, a
// progression, a frame (rectangle, ellipse) and options (line limit, truncation); the frame must
// keep every invariant: finite numbers, carets in order down each column, every index hit,
// columns tiling the visible range, the same frame laid out again, a frame of the suggested
// size holding the suggested range, and the writers drawing it.
import Foundation
import FuzzSupport
import Galley

/// Pieces of vertical text: kana, kanji, the reproducer, digits for tate-chū-yoko,
/// Latin (set sideways), punctuation with vertical forms, an emoji, paragraph breaks.
let pieces = [
    "日本語", "内ℹ日本語2024", "漢字", "かな", "カタカナ", "2024", "12", "ABC", "。", "、", "「", "」", "ー", "…",
    "😀", "\n", "\n\n", "a\u{AD}b", " ", "‥‥[‥", "第3章", "!?",
]

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func verticalRubyTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let family = input.pick(["IPAexMincho", "Droid Sans Fallback"])
    let fontSize = input.bool() ? input.pick([20, 14, 9.5] as [CGFloat]) : CGFloat(input.int(in: 4...60))
    guard let font = try? Font(family: family, size: fontSize) else { return 0 }
    var string = ""
    for _ in 0..<input.int(in: 1...8) { string += input.pick(pieces) }
    var builder = AttributedTextBuilder(AttributedText(string, attributes: [.font(font), .verticalForms(true)]))
    let length = builder.length
    for _ in 0..<input.int(in: 0...4) { annotate(&input, &builder, length: length) }
    let text = builder.build()
    guard let framesetter = try? Framesetter(text) else { return 0 }
    let progression = input.pick([FrameProgression.rightToLeft, .leftToRight])
    let box = CGRect(x: 0, y: 0, width: CGFloat(input.int(in: 0...400)), height: CGFloat(input.int(in: 0...400)))
    let path: FramePath = input.bool() ? .rectangle(box) : .ellipse(in: box)
    var options = FrameOptions(truncation: nil, progression: progression)
    if input.bool() {
        options.maximumNumberOfLines = input.int(in: 0...3)
        options.truncation = input.pick([nil, .end, .start, .middle])
    }
    FuzzTrace.log("\(family) \(fontSize) \(string.debugDescription) \(path) \(progression)")
    guard let frame = try? framesetter.frame(in: path, options: options) else { return 0 }
    LayoutInvariants.requireAll(frame)
    LayoutInvariants.requireSameAgain(text, frame) { try? $0.frame(in: path, options: options) }
    LayoutInvariants.requireSuggestedSizeHolds(framesetter, constraints: box.size, progression: progression)
    if input.byte() < 32 { WriterChecks.requireWritersAccept(frame, page: box.size, formats: [.pdf]) }
    return 0
}

/// A ruby annotation, a tate-chū-yoko count or a text orientation on a valid range.
func annotate(_ input: inout FuzzInput, _ builder: inout AttributedTextBuilder, length: Int) {
    guard length > 0 else { return }
    let start = input.int(in: 0...(length - 1))
    let range = start..<min(length, start + input.int(in: 1...6))
    let attribute: Attribute
    switch input.int(in: 0...3) {
    case 0, 1:
        var texts: [RubyPosition: String] = [:]
        texts[input.pick([.before, .after])] = input.pick(["かな", "にほんご", "ないにほんご", "a", "ルビ", "ー"])
        if input.bool() { texts[.after] = input.pick(["note", "注"]) }
        attribute = .rubyAnnotation(
            RubyAnnotation(
                texts: texts, alignment: input.pick([.auto, .start, .center, .end]),
                overhang: input.pick([.auto, .start, .end]), sizeFactor: input.pick([0.5, 0.3, 1, 2]),
                scalesToFit: input.bool()))
    case 2: attribute = .horizontalInVerticalForms(input.int(in: 1...4))
    default: attribute = .textOrientation(input.pick([.mixed, .upright, .sideways]))
    }
    FuzzTrace.log("set \(attribute) on \(range)")
    try? builder.setAttribute(attribute, range: range)
}
