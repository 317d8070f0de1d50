// DictionaryCache: a thread-safe dictionary of answers worth keeping, bounded in bytes and
// emptied all at once when full (for small entries that are cheap to find again).

/// Answers kept by key, at most ``byteLimit`` bytes of them by `cost` (see ``MemoryCost``);
/// a store that would pass the limit first empties the cache. One lock; a lookup is one
/// dictionary access under it. Used for the word-level caches (hyphenation points, CJK
/// punctuation trims), where keeping recency per entry would cost more than finding an answer
/// again.
package final class DictionaryCache<Key: Hashable & Sendable, Value: Sendable>: BudgetedCache {
    private struct State {
        var entries: [Key: Value] = [:]
        var bytes = 0
        var limit: Int
    }

    private let state: Locked<State>
    private let cost: @Sendable (Key, Value) -> Int

    /// An empty cache of at most `byteLimit` bytes, each entry costing `cost` bytes plus its
    /// dictionary slot.
    package init(byteLimit: Int, cost: @escaping @Sendable (Key, Value) -> Int) {
        state = Locked(State(limit: max(0, byteLimit)))
        self.cost = cost
    }

    /// The value kept for `key`, or nil.
    package func value(for key: Key) -> Value? {
        state.withLock { $0.entries[key] }
    }

    /// Keeps `value` for `key` (not when it alone is over the limit).
    package func store(_ value: Value, for key: Key) {
        let bytes = cost(key, value) + MemoryCost.dictionaryEntry(Key.self, Value.self)
        state.withLock { state in
            guard bytes <= state.limit else { return }
            if state.bytes + bytes > state.limit { state = State(limit: state.limit) }
            if state.entries.updateValue(value, forKey: key) == nil { state.bytes += bytes }
        }
    }

    /// The most bytes kept.
    package var byteLimit: Int { state.withLock { $0.limit } }

    package var accounted: (bytes: Int, entries: Int) { state.withLock { ($0.bytes, $0.entries.count) } }

    package func setByteLimit(_ bytes: Int) {
        state.withLock { state in
            state.limit = max(0, bytes)
            if state.bytes > state.limit { state = State(limit: state.limit) }
        }
    }

    package func removeAll() {
        state.withLock { $0 = State(limit: $0.limit) }
    }
}
