// Fuzz harness: the NSAttributedString and AttributedString bridges (issue 29). The bytes build an
// attributed text of hostile pieces and attributes (as AttributedPrograms does), bridge it to
// Foundation's NSAttributedString and AttributedString and back, and hand NSAttributedStrings
// with hostile values of the wrong type to the bridge. Every Galley attribute survives the round
// trip (the texts are equal, and so are their frames); a wrong value throws an
// AttributedTextError; every frame keeps the layout invariants.
import Foundation
import FuzzSupport
import Galley

/// libFuzzer's entry point: runs the harness on one input (`size` bytes at `data`); returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func attributedStringBridgeTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var builder = AttributedTextBuilder(HostileText.string(&input, maxPieces: 8))
    for _ in 0..<input.int(in: 0...6) {
        let range = HostileText.range(&input, length: builder.length)
        guard HostileText.isValid(range, length: builder.length), let attribute = HostileText.attribute(&input)
        else { continue }
        try? builder.setAttribute(attribute, range: range)
    }
    let text = builder.build()
    FuzzTrace.log("text \(text)")
    let bridged: AttributedText
    do {
        bridged = try AttributedText(NSAttributedString(text))
    } catch {
        fatalError("NSAttributedString(text) did not bridge back: \(error)")
    }
    // A lone surrogate becomes U+FFFD in Foundation's strings (one unit: offsets stay).
    let hasLoneSurrogate = !text.utf16.elementsEqual(String(decoding: text.utf16, as: UTF16.self).utf16)
    if !hasLoneSurrogate, bridged.utf16 != text.utf16 {
        fatalError("the NSAttributedString round trip changed \(text) into \(bridged)")
    }
    if let foundation = try? AttributedString(text), let back = try? AttributedText(foundation), !hasLoneSurrogate,
        back.utf16 != text.utf16
    {
        fatalError("the AttributedString round trip changed the text of \(text)")
    }
    let rect = CGRect(x: 0, y: 0, width: CGFloat(input.int(in: 0...400)), height: 1000)
    if let a = try? Framesetter(text).frame(in: rect), let b = try? Framesetter(bridged).frame(in: rect) {
        LayoutInvariants.requireAll(a)
        if !hasLoneSurrogate { FrameComparison.requireSame(a, b) }
    }
    hostileDictionary(&input, length: text.length, string: String(decoding: text.utf16, as: UTF16.self))
    return 0
}

/// An NSAttributedString whose values may have the wrong type or a refused value: the bridge
/// throws an AttributedTextError or gives a text of the same length. The values are ones
/// swift-corelibs-foundation itself can compare when neighbouring runs hold different ones under
/// one key (objects, numbers, Galley's structs, boxes): a bare small Swift value (a Double, an Int,
/// a CGFloat, a Swift array) halts Foundation inside CFRunArrayReplace before the bridge sees the
/// string (CorelibsStructValueTests), which is Foundation's limit, not the bridge's.
func hostileDictionary(_ input: inout FuzzInput, length: Int, string: String) {
    let keys: [NSAttributedString.Key] = [.font, .foregroundColor, .kern, .paragraphStyle, .underlineStyle, .ligature]
    let values: [Any] = [
        "text", NSNumber(value: input.hostile()), NSNumber(value: Double.nan), NSNumber(value: Int.max),
        AttributeValueBox(CGFloat(3)), NSArray(array: [1, 2]), NSNull(), Color.black,
    ]
    let mutable = NSMutableAttributedString(string: string)
    for _ in 0..<input.int(in: 0...3) where mutable.length > 0 {
        let start = input.int(in: 0...(mutable.length - 1))
        let range = NSRange(location: start, length: min(mutable.length - start, input.int(in: 1...8)))
        mutable.addAttribute(input.pick(keys), value: input.pick(values), range: range)
    }
    if let text = try? AttributedText(mutable), text.length != mutable.length {
        fatalError("the bridge gave \(text.length) units for \(mutable.length)")
    }
}
