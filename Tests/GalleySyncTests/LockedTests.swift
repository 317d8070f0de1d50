// Locked: mutual exclusion, values handed in and out, errors passed through, and (run under
// ThreadSanitizer by `make sanitize`) an order between critical sections that TSan can see; and the
// contention counters.

import Foundation
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

/// LockContention: a `withLock` that finds the lock held by another thread is counted once under
/// the line that made the lock; uncontended calls are not counted.
@Suite("LockContention")
struct LockContentionTests {
    @Test func countsAContendedAcquisitionUnderItsSite() throws {
        let lock = Locked(0)
        let site = "GalleySyncTests/LockedTests.swift:\(#line - 1)"
        let before = LockContention.snapshot()
        for _ in 0..<100 { lock.withLock { $0 += 1 } }
        #expect(LockContention.difference(from: before, to: LockContention.snapshot()).first { $0.site == site } == nil)

        let holding = DispatchSemaphore(value: 0)
        let holder = Thread {
            lock.withLock { value in
                holding.signal()
                usleep(200_000)  // long enough for the main thread to find it held
                value += 1
            }
        }
        holder.start()
        holding.wait()
        lock.withLock { $0 += 1 }
        let counted = LockContention.difference(from: before, to: LockContention.snapshot()).first { $0.site == site }
        #expect(counted?.contended == 1)
        #expect(lock.withLock { $0 } == 102)
    }
}
