// Fuzz harness 3: incremental re-layout. The bytes build a text of several paragraphs, lay it
// out, edit it, and lay the edited text out twice: with `Framesetter(_:reusing:)` (which keeps
// the unchanged paragraphs' analyses and lines) and from scratch. Any difference in lines, runs,
// glyphs or positions between the two is a failure.
import Foundation
import FuzzSupport
import Galley

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func relayoutTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var builder = AttributedTextBuilder()
    for p in 0..<input.int(in: 1...6) {
        if p > 0 { builder.append(input.pick(["\n", "\r\n", "\u{2029}", "\r", "\u{85}"])) }
        builder.append(HostileText.string(&input, maxPieces: 6))
    }
    for _ in 0..<input.int(in: 0...3) {
        setAttribute(&input, &builder)
    }
    guard var previous = try? Framesetter(builder.build()) else { return 0 }
    let width = CGFloat(input.int(in: 0...400))
    var rect = CGRect(x: 0, y: 0, width: width, height: 5000)
    for _ in 0..<input.int(in: 1...3) {
        _ = try? previous.frame(in: rect)
        edit(&input, &builder)
        if input.byte() < 40 { rect.size.width = CGFloat(input.int(in: 0...400)) }
        let text = builder.build()
        FuzzTrace.log("edited text \(text), frame \(rect)")
        let reused = Framesetter(text, reusing: previous)
        guard let fresh = try? Framesetter(text) else { return 0 }
        let a = try? reused.frame(in: rect)
        let b = try? fresh.frame(in: rect)
        switch (a, b) {
        case (nil, nil): break
        case (let a?, let b?):
            // A NaN would differ from itself: report non-finite numbers as such first.
            requireFinite(a)
            requireFinite(b)
            FrameComparison.requireSame(a, b)
            LayoutInvariants.requireAll(a)
        default: fatalError("one of the re-layout and the fresh layout threw")
        }
        previous = reused
    }
    return 0
}

/// Sets one hostile attribute (clamped to everyday sizes, so the comparison is about reuse) on a
/// valid range.
func setAttribute(_ input: inout FuzzInput, _ builder: inout AttributedTextBuilder) {
    let range = HostileText.range(&input, length: builder.length)
    guard HostileText.isValid(range, length: builder.length), let attribute = HostileText.attribute(&input) else {
        return
    }
    FuzzTrace.log("set \(attribute) on \(range)")
    try? builder.setAttribute(attribute, range: range)
}

/// One edit: an insertion, deletion, replacement or attribute change inside the text.
func edit(_ input: inout FuzzInput, _ builder: inout AttributedTextBuilder) {
    let range = HostileText.range(&input, length: builder.length)
    guard HostileText.isValid(range, length: builder.length) else { return }
    switch input.int(in: 0...3) {
    case 0: try? builder.insert(HostileText.string(&input, maxPieces: 3), at: range.lowerBound)
    case 1: try? builder.delete(range)
    case 2: try? builder.replace(range, with: HostileText.string(&input, maxPieces: 3))
    default: setAttribute(&input, &builder)
    }
}
