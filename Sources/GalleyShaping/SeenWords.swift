// Which words the shaped-word cache has seen once: a word is kept the second time an item with
// it is shaped, not the first. Text a service never repeats (an order number, a price, a name on
// one card) then stays out of the cache instead of filling it until it empties; running text
// repeats its words, so they are kept one sight later. TinyLFU's "doorkeeper" (Einziger,
// Friedman and Manes, 2017), a Bloom filter of two bits a word, emptied when it has taken as
// many words as keep its false admissions few.

/// A set of word hashes that may answer yes for a word it was not given (rarely), never no for
/// one it was, until it is emptied. Not thread-safe: the cache changes it holding every stripe.
struct SeenWords {
    /// 2¹⁷ bits (16 KiB).
    private var bits = [UInt64](repeating: 0, count: 1 << 11)
    /// Words noted since the last emptying.
    private var noted = 0
    /// Words noted before the filter empties: at most about 22% of its bits are then set, so a
    /// word never seen is taken for a seen one about 5% of the time at worst, 2% on average.
    static let capacity = 1 << 14

    /// The heap bytes it holds.
    static var bytes: Int { (1 << 11) * 8 + 32 }

    /// Whether a word with `hash` was noted (since the filter last emptied); if not, notes it.
    mutating func sawBefore(_ hash: UInt64) -> Bool {
        let a = Int(truncatingIfNeeded: hash >> 47)  // 17 bits
        let b = Int(truncatingIfNeeded: hash >> 13) & ((1 << 17) - 1)
        let seen = bits[a >> 6] & (1 << (a & 63)) != 0 && bits[b >> 6] & (1 << (b & 63)) != 0
        if seen { return true }
        if noted >= Self.capacity {
            for i in bits.indices { bits[i] = 0 }
            noted = 0
        }
        bits[a >> 6] |= 1 << (a & 63)
        bits[b >> 6] |= 1 << (b & 63)
        noted += 1
        return false
    }

    /// Forgets every word.
    mutating func removeAll() {
        for i in bits.indices { bits[i] = 0 }
        noted = 0
    }
}
