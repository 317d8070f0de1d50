// The hash of a shaped-word cache key: SipHash-1-3 with a key drawn once per process, written out
// for short messages so that a word costs a few SipHash rounds rather than a `Hasher`'s fixed
// overhead (a third of a word's lookup). Keyed as Swift's own `Hasher` is, so text chosen to
// collide cannot be written without knowing the key.

/// SipHash-c-d (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012) over a byte
/// message, optionally followed by one more byte; ``word(_:edges:)`` is SipHash-1-3 (the variant
/// Swift's `Hasher` uses) with the process's key. Thread-safe (the key is immutable).
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
        Int(truncatingIfNeeded: sipHash(units, extra: edges, key: key, compressionRounds: 1, finalRounds: 3))
    }

    @inline(__always)
    private static func rotate(_ x: UInt64, _ by: UInt64) -> UInt64 { (x << by) | (x >> (64 &- by)) }

    /// SipHash-`compressionRounds`-`finalRounds` of `bytes` followed by `extra` when given, with
    /// `key` (k0 the key's first 8 bytes read little-endian, k1 the next 8).
    @inline(__always)
    static func sipHash(
        _ bytes: UnsafeRawBufferPointer, extra: UInt8?, key: (UInt64, UInt64), compressionRounds: Int,
        finalRounds: Int
    ) -> UInt64 {
        var v0 = key.0 ^ 0x736f_6d65_7073_6575
        var v1 = key.1 ^ 0x646f_7261_6e64_6f6d
        var v2 = key.0 ^ 0x6c79_6765_6e65_7261
        var v3 = key.1 ^ 0x7465_6462_7974_6573
        @inline(__always) func round() {
            v0 &+= v1
            v1 = rotate(v1, 13)
            v1 ^= v0
            v0 = rotate(v0, 32)
            v2 &+= v3
            v3 = rotate(v3, 16)
            v3 ^= v2
            v0 &+= v3
            v3 = rotate(v3, 21)
            v3 ^= v0
            v2 &+= v1
            v1 = rotate(v1, 17)
            v1 ^= v2
            v2 = rotate(v2, 32)
        }
        @inline(__always) func compress(_ m: UInt64) {
            v3 ^= m
            for _ in 0..<compressionRounds { round() }
            v0 ^= m
        }
        let count = bytes.count
        let length = count + (extra == nil ? 0 : 1)
        var offset = 0
        while offset + 8 <= count {
            compress(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        // The last 0…7 bytes of the message (the extra byte among them or, after a whole block
        // of bytes, alone), the length's low byte on top.
        var last = UInt64(truncatingIfNeeded: length) << 56
        var shift: UInt64 = 0
        // Four, two, then one byte at a time (a word's code units are two bytes each).
        if count - offset >= 4 {
            last |= UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            shift = 32
            offset += 4
        }
        if count - offset >= 2 {
            last |= UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) << shift
            shift += 16
            offset += 2
        }
        if offset < count {
            last |= UInt64(bytes[offset]) << shift
            shift += 8
        }
        if let extra {
            if shift == 56 {
                // Seven bytes and the extra one make a whole block; the length goes alone.
                compress(last & 0x00ff_ffff_ffff_ffff | UInt64(extra) << 56)
                last = UInt64(truncatingIfNeeded: length) << 56
            } else {
                last |= UInt64(extra) << shift
            }
        }
        compress(last)
        v2 ^= 0xff
        for _ in 0..<finalRounds { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }
}
