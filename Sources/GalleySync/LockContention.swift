// LockContention: how often each `Locked` (by the place that made it) was found held by another
// thread, so a benchmark can name the lock that keeps threads waiting.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Counts of contended `Locked.withLock` calls, by the source location that created the lock.
///
/// `withLock` first tries the mutex (`pthread_mutex_trylock`); only when another thread holds it
/// is the contention counted here, under a lock of its own, before waiting. An uncontended call
/// therefore costs nothing extra, and a contended one was about to sleep anyway. The counts are
/// process-wide and only grow; take two ``snapshot()``s and subtract. mutrace's figure, without
/// mutrace. CoreFoundation has no equivalent.
package enum LockContention {
    /// One lock's creation site and its contended acquisitions.
    package struct Count: Sendable, Equatable {
        /// `Module/File.swift:line` of the `Locked(…)` that made the lock.
        package let site: String
        /// How many `withLock` calls found the lock held by another thread.
        package let contended: Int

        /// A site's count.
        package init(site: String, contended: Int) {
            self.site = site
            self.contended = contended
        }
    }

    /// The counts, keyed by site; guarded by `mutex`.
    private nonisolated(unsafe) static var counts: [String: Int] = [:]
    private nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    /// Records one contended acquisition of a lock made at `file`:`line`.
    @usableFromInline
    static func record(file: StaticString, line: UInt) {
        let site = "\(file):\(line)"
        pthread_mutex_lock(mutex)
        counts[site, default: 0] += 1
        pthread_mutex_unlock(mutex)
    }

    /// Every site's contended acquisitions so far, the most contended first.
    package static func snapshot() -> [Count] {
        pthread_mutex_lock(mutex)
        let copy = counts
        pthread_mutex_unlock(mutex)
        return copy.map { Count(site: $0.key, contended: $0.value) }
            .sorted { ($0.contended, $1.site) > ($1.contended, $0.site) }
    }

    /// The contended acquisitions between two snapshots (sites with none left out), the most first.
    package static func difference(from before: [Count], to after: [Count]) -> [Count] {
        let old = Dictionary(before.map { ($0.site, $0.contended) }, uniquingKeysWith: +)
        return after.compactMap { count in
            let delta = count.contended - (old[count.site] ?? 0)
            return delta > 0 ? Count(site: count.site, contended: delta) : nil
        }
        .sorted { ($0.contended, $1.site) > ($1.contended, $0.site) }
    }
}
