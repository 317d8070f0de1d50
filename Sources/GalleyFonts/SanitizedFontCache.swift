// SanitizedFontCache: the sanitizer's verdicts (sanitized bytes, or OTS's reason for refusing)
// keyed by the SHA-256 of the bytes handed in, bounded in bytes, least recently used out first.

import GalleySync

/// What a verdict is kept under: the SHA-256 of the bytes handed in and the face asked for.
struct SanitizerCacheKey: Hashable, Sendable {
    /// The digest of the font's bytes.
    let digest: SHA256Digest
    /// The face of a collection that was sanitized (0 for a single font).
    let faceIndex: Int
}

/// What the sanitizer decided about one face of one font's bytes.
enum SanitizerVerdict: Sendable, Equatable {
    /// Accepted: the sanitized bytes.
    case accepted([UInt8])
    /// Refused, with OTS's reason.
    case rejected(String)

    /// The bytes the verdict holds (what it costs the cache).
    var cost: Int {
        switch self {
        case .accepted(let bytes): return MemoryCost.array(bytes)
        case .rejected(let reason): return 64 + reason.utf8.count
        }
    }
}

/// Verdicts by content hash, so the same upload is sanitized once. Holds at most `capacity`
/// bytes of verdicts (sanitized fonts count their size, refusals 64 bytes plus their reason);
/// storing past that drops the least recently used verdicts first, and a verdict larger than
/// the whole capacity is not kept. Safe to use from many threads (one lock).
final class SanitizedFontCache: BudgetedCache {
    private struct Entry {
        let verdict: SanitizerVerdict
        var lastUse: UInt64
    }

    private struct State {
        var entries: [SanitizerCacheKey: Entry] = [:]
        var total = 0
        var clock: UInt64 = 0
        var capacity: Int

        /// Drops least recently used verdicts until `adding` more bytes fit.
        mutating func fit(adding cost: Int) {
            while total + cost > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries.removeValue(forKey: oldest.key)
                total -= oldest.value.verdict.cost
            }
        }
    }

    /// The most bytes of verdicts kept.
    var capacity: Int { state.withLock { $0.capacity } }
    private let state: Locked<State>

    /// An empty cache of at most `capacity` bytes (0 keeps nothing).
    init(capacity: Int) {
        state = Locked(State(capacity: max(0, capacity)))
    }

    /// The verdict stored for `key`, marked as just used; nil when there is none.
    func verdict(for key: SanitizerCacheKey) -> SanitizerVerdict? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.verdict
        }
    }

    /// Keeps `verdict` for `key`, first dropping least recently used verdicts until it fits.
    func store(_ verdict: SanitizerVerdict, for key: SanitizerCacheKey) {
        let cost = verdict.cost
        state.withLock { state in
            guard cost <= state.capacity else { return }
            if let old = state.entries.removeValue(forKey: key) { state.total -= old.verdict.cost }
            state.fit(adding: cost)
            state.clock += 1
            state.entries[key] = Entry(verdict: verdict, lastUse: state.clock)
            state.total += cost
        }
    }

    /// How many verdicts are kept, and their bytes.
    var usage: (count: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.total) }
    }

    /// Forgets every verdict.
    func removeAll() {
        state.withLock { $0 = State(capacity: $0.capacity) }
    }

    var accounted: (bytes: Int, entries: Int) {
        let (count, bytes) = usage
        return (bytes, count)
    }

    /// Sets the capacity, dropping least recently used verdicts at once until they fit.
    func setByteLimit(_ bytes: Int) {
        state.withLock { state in
            state.capacity = max(0, bytes)
            state.fit(adding: 0)
        }
    }
}
