// ReadMostly: a value many threads read at once and few change — a lock per thread stripe for
// readers (a "big-reader" lock), all of them for a writer — with per-stripe tallies.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind striped mutexes: a reader locks only its own thread's stripe, a writer locks
/// every stripe, so readers on different threads never wait for each other and write no shared
/// memory (each stripe has its own cache line).
///
/// The shape of ``Locked``, split in two: ``read(_:)`` hands the closure the value borrowed (and
/// the stripe's ``Tally``), ``write(_:)`` hands it `inout`. A thread's stripe is chosen from
/// `pthread_self()`, so two threads share a stripe (and then take turns) only when their ids
/// hash alike. A write costs one lock round trip per stripe: meant for values written far less
/// often than read, as a cache of shaped words is. Like ``Locked`` it is made of pthread mutexes,
/// so ThreadSanitizer sees its order, and a stripe found held by another thread is counted in
/// ``LockContention`` under the site that made it. Not recursive: a `read` or `write` inside
/// either deadlocks.
package final class ReadMostly<Value>: @unchecked Sendable {
    /// Counts a reader keeps in its stripe, summed by ``tally()``.
    package struct Tally: Sendable {
        /// The first count (the shaping cache's hits).
        package var first = 0
        /// The second count (the shaping cache's misses).
        package var second = 0
    }

    /// One stripe: its mutex and tally, alone on a 64-byte line.
    private struct Stripe {
        var mutex = pthread_mutex_t()
        var tally = Tally()
    }

    /// The number of stripes (a power of two).
    static var stripes: Int { 16 }
    /// The bytes between stripes: at least a cache line.
    private static var stride: Int { (MemoryLayout<Stripe>.stride + 63) & ~63 }

    private let base: UnsafeMutableRawPointer
    private let value: UnsafeMutablePointer<Value>
    private let file: StaticString
    private let line: UInt

    /// A lock around `initialValue`; `file` and `line` name it in ``LockContention``.
    package init(_ initialValue: Value, file: StaticString = #fileID, line: UInt = #line) {
        self.file = file
        self.line = line
        base = .allocate(byteCount: Self.stripes * Self.stride, alignment: 64)
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
        for k in 0..<Self.stripes {
            (base + k * Self.stride).bindMemory(to: Stripe.self, capacity: 1).initialize(to: Stripe())
            let status = pthread_mutex_init(mutex(k), nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        for k in 0..<Self.stripes { pthread_mutex_destroy(mutex(k)) }
        base.deallocate()
    }

    private func stripe(_ k: Int) -> UnsafeMutablePointer<Stripe> {
        (base + k * Self.stride).assumingMemoryBound(to: Stripe.self)
    }

    private func mutex(_ k: Int) -> UnsafeMutablePointer<pthread_mutex_t> {
        (UnsafeMutableRawPointer(stripe(k)) + MemoryLayout<Stripe>.offset(of: \.mutex)!)
            .assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// The calling thread's stripe: the high bits of its id times a Fibonacci constant.
    private static func ownStripe() -> Int {
        let id = UInt64(UInt(bitPattern: Int(bitPattern: UInt(pthread_self()))))
        return Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> 60) & (stripes - 1)
    }

    private func lock(_ k: Int) {
        if pthread_mutex_trylock(mutex(k)) != 0 {
            LockContention.record(file: file, line: line)
            pthread_mutex_lock(mutex(k))
        }
    }

    /// Runs `body` with the value and this thread's stripe's tally, holding only that stripe.
    package func read<Result>(_ body: (borrowing Value, inout Tally) throws -> Result) rethrows -> Result {
        let k = Self.ownStripe()
        lock(k)
        defer { pthread_mutex_unlock(mutex(k)) }
        return try body(value.pointee, &stripe(k).pointee.tally)
    }

    /// Runs `body` with the value `inout`, holding every stripe (taken in order, so writers do
    /// not deadlock).
    package func write<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        for k in 0..<Self.stripes { lock(k) }
        defer { for k in (0..<Self.stripes).reversed() { pthread_mutex_unlock(mutex(k)) } }
        return try body(&value.pointee)
    }

    /// Every stripe's tally added up (each stripe read under its lock).
    package func tally() -> Tally {
        var sum = Tally()
        for k in 0..<Self.stripes {
            lock(k)
            sum.first += stripe(k).pointee.tally.first
            sum.second += stripe(k).pointee.tally.second
            pthread_mutex_unlock(mutex(k))
        }
        return sum
    }
}
