// Locked: a value behind a pthread mutex, the one lock type of every Galley module.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value that many threads share, reached only while holding its lock.
///
/// It has the shape of the standard library's `Synchronization.Mutex` (`withLock` hands the
/// closure the value `inout`), but it locks a `pthread_mutex_t`. On Linux, `Mutex` waits on
/// futexes directly, which ThreadSanitizer does not model: it sees no order between two
/// `withLock` closures on different threads and reports every access in them as a race.
/// ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so with this lock
/// a sanitizer run (`make sanitize`) is silent about correctly locked state and reports a real
/// race as one.
///
/// The mutex is a default (non-recursive) one: calling `withLock` again from inside its own
/// closure deadlocks, as it would with `Mutex`.
///
/// Every lock remembers where it was made, and a `withLock` that finds it held by another thread
/// counts that in ``LockContention`` under that site before it waits.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    /// The mutex, at a fixed address for its whole life (pthread mutexes must not move).
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value, read and written only while `mutex` is held.
    @usableFromInline let value: UnsafeMutablePointer<Value>
    /// The source file that made the lock, for ``LockContention``.
    @usableFromInline let file: StaticString
    /// The line that made the lock, for ``LockContention``.
    @usableFromInline let line: UInt

    /// A lock around `initialValue`; `file` and `line` name it in ``LockContention``.
    package init(_ initialValue: consuming sending Value, file: StaticString = #fileID, line: UInt = #line) {
        self.file = file
        self.line = line
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    ///
    /// The lock is released when `body` returns or throws. Inlinable, as `Mutex.withLock` is, so
    /// that callers in other modules get it specialised for their value and make no extra call.
    @inlinable package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        if pthread_mutex_trylock(mutex) != 0 {
            LockContention.record(file: file, line: line)
            pthread_mutex_lock(mutex)
        }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
