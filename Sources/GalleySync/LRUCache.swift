// A bounded least-recently-used cache: a dictionary into an array-backed doubly linked list.

/// A cache of at most ``countLimit`` entries whose costs sum to at most ``costLimit``; inserting
/// beyond either limit evicts the least recently used entries first (a read or an insert makes
/// an entry the most recently used). All operations are O(1) except ``removeAll(where:)``.
///
/// A value type with no locking of its own: the glyph rasterizer, the face cache and cairo's
/// face cache each keep one inside their mutex, so it is shared across threads.
package struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value?
        var cost: Int
        /// Neighbours towards the most recent (`previous`) and least recent (`next`) ends; −1 for none.
        var previous: Int
        var next: Int
    }

    /// The most entries kept (at least 1).
    package let countLimit: Int
    /// The largest total cost kept (at least 1); a single entry costlier than this is not kept.
    /// Lowering it (``setCostLimit(_:)``) evicts at once.
    package private(set) var costLimit: Int
    /// The sum of the costs of the entries.
    package private(set) var totalCost = 0

    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    /// The most and least recently used slots; −1 when empty.
    private var head = -1
    private var tail = -1

    /// An empty cache with the given limits (values below 1 become 1).
    package init(countLimit: Int, costLimit: Int = .max) {
        self.countLimit = max(countLimit, 1)
        self.costLimit = max(costLimit, 1)
    }

    /// The number of entries.
    package var count: Int { slots.count }

    /// The keys from the most to the least recently used.
    package var keysByRecency: [Key] {
        var keys: [Key] = []
        var i = head
        while i >= 0 {
            keys.append(nodes[i].key)
            i = nodes[i].next
        }
        return keys
    }

    /// The value for `key`, made the most recently used; nil when absent.
    package mutating func value(for key: Key) -> Value? {
        guard let i = slots[key] else { return nil }
        moveToFront(i)
        return nodes[i].value
    }

    /// Stores `value` for `key` as the most recently used entry, replacing any old value, then
    /// evicts least recently used entries until both limits hold. A value costlier than
    /// ``costLimit`` is not stored.
    package mutating func insert(_ value: Value, for key: Key, cost: Int = 1) {
        let cost = max(cost, 0)
        if let i = slots[key] { remove(slot: i) }
        guard cost <= costLimit else { return }
        while !slots.isEmpty, slots.count >= countLimit || totalCost + cost > costLimit {
            remove(slot: tail)
        }
        let node = Node(key: key, value: value, cost: cost, previous: -1, next: head)
        let i: Int
        if let slot = freeSlots.popLast() {
            nodes[slot] = node
            i = slot
        } else {
            nodes.append(node)
            i = nodes.count - 1
        }
        if head >= 0 { nodes[head].previous = i }
        head = i
        if tail < 0 { tail = i }
        slots[key] = i
        totalCost += cost
    }

    /// Sets ``costLimit`` (values below 1 become 1), evicting least recently used entries until
    /// the total fits.
    package mutating func setCostLimit(_ limit: Int) {
        costLimit = max(limit, 1)
        while totalCost > costLimit, tail >= 0 { remove(slot: tail) }
    }

    /// Removes every entry, and gives back the storage.
    package mutating func removeAll() {
        self = LRUCache(countLimit: countLimit, costLimit: costLimit)
    }

    /// Removes the least recently used entry; false when the cache is empty.
    @discardableResult
    package mutating func removeLeastRecentlyUsed() -> Bool {
        guard tail >= 0 else { return false }
        remove(slot: tail)
        return true
    }

    /// The values, in no particular order (no entry is made more recent).
    package var values: [Value] { slots.values.compactMap { nodes[$0].value } }

    /// Removes every entry whose key satisfies `predicate`.
    package mutating func removeAll(where predicate: (Key) -> Bool) {
        for (key, i) in slots where predicate(key) {
            remove(slot: i)
        }
    }

    private mutating func unlink(_ i: Int) {
        let p = nodes[i].previous, n = nodes[i].next
        if p >= 0 { nodes[p].next = n } else { head = n }
        if n >= 0 { nodes[n].previous = p } else { tail = p }
        nodes[i].previous = -1
        nodes[i].next = -1
    }

    private mutating func moveToFront(_ i: Int) {
        guard head != i else { return }
        unlink(i)
        nodes[i].next = head
        if head >= 0 { nodes[head].previous = i }
        head = i
        if tail < 0 { tail = i }
    }

    private mutating func remove(slot i: Int) {
        unlink(i)
        slots[nodes[i].key] = nil
        totalCost -= nodes[i].cost
        nodes[i].value = nil
        nodes[i].cost = 0
        freeSlots.append(i)
    }
}
