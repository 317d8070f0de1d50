// Caret maps asked for from many threads at once: a line builds its caret map on first use and
// publishes it without a lock (CaretMapStore, an AtomicLazyReference), so tasks that ask the
// same fresh lines at once must get the answers a serial run gives. Under `make sanitize` this
// runs with ThreadSanitizer (its name matches TSAN_FILTER).
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

@Suite("Caret maps used concurrently")
struct CaretConcurrencyTests {
    /// Every index's caret offsets and the index hit testing finds at each primary caret, line by line.
    static func answers(_ frame: Frame) -> [[Double]] {
        frame.lines.map { line in
            line.stringRange.flatMap { index -> [Double] in
                let caret = line.offset(forStringIndex: index)
                let hit = line.stringIndex(for: CGPoint(x: caret.primary, y: 0))
                return [Double(caret.primary), Double(caret.secondary), Double(hit)]
            }
        }
    }

    @Test(arguments: ["Hello עברית 123 world, e\u{301}👩‍👩‍👧 again", "العربية and English mixed, again and again"])
    func concurrentCaretMapsMatchSerial(string: String) async throws {
        let text = AttributedText(string, attributes: [.font(try Font(path: TestFonts.dejaVuSans, size: 14))])
        let rect = CGRect(x: 0, y: 0, width: 120, height: 400)
        let serial = Self.answers(try Framesetter(text).frame(in: rect))
        // A second frame, whose lines have built no caret map yet, shared by every task.
        let shared = try Framesetter(text).frame(in: rect)
        let results = await withTaskGroup(of: [[Double]].self) { group in
            for _ in 0..<8 { group.addTask { Self.answers(shared) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == serial) }
    }
}
