import Testing

// Tests of the bounded least-recently-used cache behind the glyph-image, face and cairo-face caches.
@testable import GalleySync

@Suite("LRU cache")
struct LRUCacheTests {
    @Test("the least recently used entry is evicted first; reads refresh an entry")
    func evictionOrder() {
        var cache = LRUCache<String, Int>(countLimit: 3)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        cache.insert(3, for: "c")
        #expect(cache.keysByRecency == ["c", "b", "a"])
        #expect(cache.value(for: "a") == 1)  // a becomes the most recent; b is now the oldest
        cache.insert(4, for: "d")
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.value(for: "b") == nil)
        cache.insert(5, for: "e")
        #expect(cache.keysByRecency == ["e", "d", "a"])
        #expect(cache.count == 3)
    }

    @Test("the cost limit evicts from the old end until the new entry fits")
    func costLimit() {
        var cache = LRUCache<Int, String>(countLimit: 100, costLimit: 10)
        cache.insert("x", for: 1, cost: 4)
        cache.insert("y", for: 2, cost: 4)
        cache.insert("z", for: 3, cost: 4)  // 12 > 10: 1 goes
        #expect(cache.keysByRecency == [3, 2])
        #expect(cache.totalCost == 8)
        cache.insert("big", for: 4, cost: 11)  // larger than the whole budget: not kept, nothing evicted
        #expect(cache.keysByRecency == [3, 2])
        cache.insert("w", for: 5, cost: 10)  // needs everything
        #expect(cache.keysByRecency == [5])
        #expect(cache.totalCost == 10)
    }

    @Test("replacing a key updates value and cost; removeAll(where:) drops matching keys and keeps the order")
    func replaceAndRemove() {
        var cache = LRUCache<Int, Int>(countLimit: 10, costLimit: 100)
        for k in 0..<6 { cache.insert(k * 10, for: k, cost: 5) }
        cache.insert(99, for: 2, cost: 20)
        #expect(cache.totalCost == 45)
        #expect(cache.keysByRecency == [2, 5, 4, 3, 1, 0])
        cache.removeAll { $0 % 2 == 1 }
        #expect(cache.keysByRecency == [2, 4, 0])
        #expect(cache.totalCost == 30)
        #expect(cache.value(for: 2) == 99)
        // Freed slots are reused without disturbing the list.
        cache.insert(7, for: 7)
        cache.insert(8, for: 8)
        #expect(cache.keysByRecency == [8, 7, 2, 4, 0])
        #expect(cache.value(for: 0) == 0)
        #expect(cache.keysByRecency == [0, 8, 7, 2, 4])
    }
}
