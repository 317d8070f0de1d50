// Locked: mutual exclusion, values handed in and out, errors passed through, and (run under
// ThreadSanitizer by `make sanitize`) an order between critical sections that TSan can see.

import GalleySync
import Testing

@Suite("Locked")
struct LockedTests {
    struct Failure: Error, Equatable {}

    /// A value that cannot be copied, as the rasterizer's state is.
    struct Unique: ~Copyable {
        var count = 0
    }

    @Test func returnsWhatTheClosureReturns() {
        let lock = Locked([1, 2, 3])
        #expect(lock.withLock { $0.count } == 3)
        lock.withLock { $0.append(4) }
        #expect(lock.withLock { $0 } == [1, 2, 3, 4])
    }

    @Test func passesErrorsThroughAndUnlocks() {
        let lock = Locked(0)
        #expect(throws: Failure.self) {
            try lock.withLock { value throws(Failure) in
                value = 7
                throw Failure()
            }
        }
        // The lock was released: taking it again does not deadlock, and the change is kept.
        #expect(lock.withLock { $0 } == 7)
    }

    @Test func holdsNoncopyableValues() {
        let lock = Locked(Unique())
        for _ in 0..<5 { lock.withLock { $0.count += 1 } }
        #expect(lock.withLock { $0.count } == 5)
    }

    /// Many tasks appending under the lock lose no element; under ThreadSanitizer any access
    /// that the lock did not order would be reported.
    @Test func concurrentUpdatesAreNotLost() async {
        let lock = Locked<[Int]>([])
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for k in 0..<500 { lock.withLock { $0.append(task * 1000 + k) } }
                }
            }
        }
        let all = lock.withLock { $0 }
        #expect(all.count == 8 * 500)
        #expect(Set(all).count == 8 * 500)
    }
}
