// Fuzz harness 2: random attributed-text programs. The bytes build a text of hostile pieces,
// set hostile attributes and paragraph styles on ranges (some out of bounds: those must throw),
// edit it, lay it out in a hostile frame (zero, tiny, huge, shaped), then ask for carets, hit
// tests and selections at every string index. Every number given back must be finite, and the
// frame keeps the layout invariants (LayoutInvariants: carets in order, every index hit, lines
// tiling the visible range, the same frame laid out again).
import Foundation
import FuzzSupport
import Galley

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func attributedProgramsTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let initial = HostileText.string(&input)
    FuzzTrace.log("text \(initial.unicodeScalars.map { String($0.value, radix: 16) })")
    var builder = AttributedTextBuilder(initial)
    for _ in 0..<input.int(in: 0...12) {
        runStep(&input, &builder)
    }
    let text = builder.build()
    guard let framesetter = try? Framesetter(text) else { return 0 }
    let path = HostileFrames.path(&input)
    let options = HostileFrames.options(&input)
    FuzzTrace.log("text \(text)\npath \(path)\noptions \(options)")
    let frame: Frame
    do {
        frame = try framesetter.frame(in: path, options: options)
    } catch {
        return 0
    }
    LayoutInvariants.requireAll(frame)
    LayoutInvariants.requireSameAgain(text, frame) { try? $0.frame(in: path, options: options) }
    HostileFrames.queryEveryIndex(frame, length: text.length, &input)
    HostileFrames.queryTypesetter(framesetter, &input)
    if input.bool() {
        var bitmap = try! Bitmap(width: 64, height: 48)
        Renderer().draw(frame, into: &bitmap, selection: HostileText.range(&input, length: text.length))
    }
    return 0
}

/// One step of the program: an attribute set on a range, or an edit. A range outside the text
/// must make the call throw; one inside must not.
func runStep(_ input: inout FuzzInput, _ builder: inout AttributedTextBuilder) {
    let length = builder.length
    let range = HostileText.range(&input, length: length)
    let valid = HostileText.isValid(range, length: length)
    var threw = false
    do {
        switch input.int(in: 0...5) {
        case 0, 1, 2:
            guard let attribute = HostileText.attribute(&input) else { return }
            FuzzTrace.log("set \(attribute) on \(range)")
            try builder.setAttribute(attribute, range: range)
        case 3:
            let string = HostileText.string(&input, maxPieces: 4)
            FuzzTrace.log("replace \(range) with \(string.debugDescription)")
            try builder.replace(range, with: string)
        case 4:
            FuzzTrace.log("delete \(range)")
            try builder.delete(range)
        default:
            let string = HostileText.string(&input, maxPieces: 4)
            FuzzTrace.log("insert \(string.debugDescription) at \(range.lowerBound)")
            try builder.insert(string, at: range.lowerBound)
            if range.lowerBound > length { fatalError("insert at \(range.lowerBound) of \(length) did not throw") }
            return
        }
    } catch {
        threw = true
    }
    if !valid && !threw { fatalError("range \(range) of length \(length) did not throw") }
}
