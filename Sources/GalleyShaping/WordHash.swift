// The hash of a shaped-word cache key: a folded multiply (the 128-bit product of two 64-bit
// words, its halves xored: the mixing step of foldhash and aHash) over the word's bytes, under a
// key drawn once per process. A word of prose costs two or three multiplies, about a tenth of
// SipHash-1-3. Collisions cannot be made to hurt: the table a word goes into probes at most 32
// slots (WordTable), so words made to collide only stay out of the cache; and the key keeps
// them from being found without it.

/// The hash of a word's code units and paragraph-edge flags under the process's key.
/// Thread-safe (the key is immutable).
enum WordHash {
    /// The process's key, from the system's random source.
    static let key: (UInt64, UInt64) = {
        var random = SystemRandomNumberGenerator()
        return (random.next(), random.next())
    }()

    /// The hash of a word: its code units' bytes, then its edge flags, under `key` (the
    /// process's; a caller hashing many words reads it once).
    @inline(__always)
    static func word(_ units: UnsafeRawBufferPointer, edges: UInt8, key: (UInt64, UInt64) = key) -> Int {
        Int(truncatingIfNeeded: hash(units, extra: edges, key: key))
    }

    /// The 128-bit product of `a` and `b`, its high and low halves xored.
    @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// The hash of `bytes` and `extra` under `key`: the length and `extra` go into the starting
    /// state; each 16 bytes are folded with the key and the state; the last 0…15 bytes are read
    /// as two words, zero-padded (the length tells paddings apart); a last fold mixes the state.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, extra: UInt8, key: (UInt64, UInt64)) -> UInt64 {
        let count = bytes.count
        var state = key.0 ^ (UInt64(truncatingIfNeeded: count) << 8 | UInt64(extra)) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while count - offset >= 16 {
            let a = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let b = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
            state = fold(UInt64(littleEndian: a) ^ key.1, UInt64(littleEndian: b) ^ state)
            offset += 16
        }
        let (a, b) = tail(bytes, from: offset)
        state = fold(a ^ key.1, b ^ state ^ 0x243F_6A88_85A3_08D3)
        return fold(state ^ key.0, 0x2D35_8DCC_AA6C_78A5 ^ key.1)
    }

    /// The bytes of `bytes` from `offset` on (fewer than 16) as two little-endian words, the
    /// first holding the first eight, zero-padded.
    @inline(__always)
    private static func tail(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> (UInt64, UInt64) {
        let left = bytes.count - offset
        if left >= 8 {
            let a = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return (a, partial(bytes, from: offset + 8, count: left - 8))
        }
        return (partial(bytes, from: offset, count: left), 0)
    }

    /// `count` (fewer than 8) bytes from `offset` as a little-endian word, zero-padded: four, two,
    /// then one byte at a time (a word's code units are two bytes each).
    @inline(__always)
    private static func partial(_ bytes: UnsafeRawBufferPointer, from offset: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var at = offset
        let end = offset + count
        if end - at >= 4 {
            value = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            shift = 32
            at += 4
        }
        if end - at >= 2 {
            value |= UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self))) << shift
            shift += 16
            at += 2
        }
        if at < end { value |= UInt64(bytes[at]) << shift }
        return value
    }
}
