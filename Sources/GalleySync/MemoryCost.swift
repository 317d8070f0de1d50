// MemoryCost: how the budgeted caches estimate what an entry holds — heap blocks as glibc's
// malloc rounds them, arrays by their capacity, dictionary slots at their load factor.

/// Estimates of heap bytes, for the caches' accounting (``GalleyMemory``).
///
/// - A heap block of `n` bytes takes `n + 8` rounded up to 16, at least 32 (glibc's malloc chunk).
/// - An array takes one block of its 32-byte header plus `capacity × stride` (its capacity, not
///   its count: `reserveCapacity` and growth leave room that is still held); an empty array
///   shares the one empty storage and costs nothing.
/// - A dictionary entry takes `(key stride + value stride) / 0.75` (Swift's dictionaries grow at
///   a 3/4 load factor, so each entry has at least 4/3 of a slot) plus its bit in the bitmap.
package enum MemoryCost {
    /// The heap bytes of one block of `bytes` requested bytes.
    @inlinable package static func block(_ bytes: Int) -> Int {
        max(32, (bytes + 8 + 15) & ~15)
    }

    /// The heap bytes of an array's storage (0 for an empty array).
    @inlinable package static func array<Element>(_ array: [Element]) -> Int {
        array.capacity == 0 ? 0 : block(32 + array.capacity * MemoryLayout<Element>.stride)
    }

    /// The bytes one entry of a `[Key: Value]` dictionary takes in its table.
    @inlinable package static func dictionaryEntry<Key, Value>(_: Key.Type, _: Value.Type) -> Int {
        (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride) * 4 / 3 + 1
    }
}
