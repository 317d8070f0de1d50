// ReadMostly: a write is seen whole by every later read (writers exclude every reader), tallies
// add up over stripes, and a writer finding a stripe held by a reader is counted in
// LockContention under the line that made the lock.

import Foundation
import GalleySync
import Testing

@Suite("ReadMostly")
struct ReadMostlyTests {
    /// Writers keep two fields equal; readers on many threads never see them apart, and no
    /// write is lost. (Under ThreadSanitizer an access the stripes did not order is reported.)
    @Test(arguments: [2, 8])
    func readsNeverSeeAHalfDoneWrite(threads: Int) async {
        let lock = ReadMostly((a: 0, b: 0))
        let torn = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<threads {
                group.addTask {
                    for k in 0..<400 {
                        if (task + k) % 4 == 0 {
                            lock.write { value in
                                value.a += 1
                                value.b += 1
                            }
                        } else {
                            let apart = lock.read { value, tally in
                                tally.first += 1
                                return value.a != value.b
                            }
                            if apart { torn.withLock { $0 += 1 } }
                        }
                    }
                }
            }
        }
        let writes = (0..<threads).reduce(0) { sum, task in sum + (0..<400).filter { (task + $0) % 4 == 0 }.count }
        #expect(torn.withLock { $0 } == 0)
        #expect(lock.read { value, _ in value.a } == writes)
        #expect(lock.tally().first == threads * 400 - writes)
        #expect(lock.tally().second == 0)
    }

    /// A writer waits for a reader inside its stripe, is counted once under the lock's line,
    /// and its write is seen after.
    @Test func aWriterWaitsForAReaderAndIsCounted() throws {
        let lock = ReadMostly(0)
        let site = "GalleySyncTests/ReadMostlyTests.swift:\(#line - 1)"
        let before = LockContention.snapshot()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            lock.read { _, _ in
                inside.signal()
                release.wait()
            }
        }
        holder.start()
        inside.wait()
        // A write must wait for the holder: it is counted once, after the holder lets go.
        let writer = Thread {
            lock.write { $0 += 1 }
            inside.signal()
        }
        writer.start()
        usleep(100_000)
        // The writer has taken every stripe but the holder's; release the holder.
        release.signal()
        inside.wait()
        let counted = LockContention.difference(from: before, to: LockContention.snapshot()).first { $0.site == site }
        #expect((counted?.contended ?? 0) >= 1)
        #expect(lock.read { value, _ in value } == 1)
    }
}
