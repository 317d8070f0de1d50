// SHA256: the FIPS 180-4 SHA-256 digest, the content key of the sanitized-font cache.
// (swift-corelibs-foundation on Linux has neither CryptoKit nor `Insecure`; Galley takes no
// outside packages, so the digest is written out here.)

/// A SHA-256 digest (FIPS 180-4), as 32 bytes held in four words so it hashes and compares fast.
package struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The digest's bytes 0–7, 8–15, 16–23 and 24–31, each read big-endian.
    let words: (UInt64, UInt64, UInt64, UInt64)

    /// The SHA-256 digest of `bytes`.
    package init(of bytes: [UInt8]) {
        var state = SHA256State()
        bytes.withUnsafeBufferPointer { state.absorb($0) }
        words = state.finish()
    }

    /// The 32 bytes, in order.
    package var bytes: [UInt8] {
        [words.0, words.1, words.2, words.3].flatMap { word in
            (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * $0)) }
        }
    }

    /// Lower-case hexadecimal, as `sha256sum` prints it.
    package var description: String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// Equal when all 32 bytes are.
    package static func == (lhs: SHA256Digest, rhs: SHA256Digest) -> Bool {
        lhs.words == rhs.words
    }

    /// Hashes the four words.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

/// The running state of one SHA-256 computation over a whole buffer.
private struct SHA256State {
    /// The eight working words H0…H7 (FIPS 180-4 §5.3.3).
    var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes absorbed so far.
    var length: UInt64 = 0
    /// A partial block waiting for more bytes (or the padding).
    var pending: [UInt8] = []

    /// The round constants K0…K63 (FIPS 180-4 §4.2.2).
    static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Feeds every whole 64-byte block of `buffer` through the compression function and keeps the rest.
    mutating func absorb(_ buffer: UnsafeBufferPointer<UInt8>) {
        length += UInt64(buffer.count)
        let whole = buffer.count / 64 * 64
        Self.compress(UnsafeBufferPointer(rebasing: buffer[0..<whole]), into: &h)
        pending = Array(buffer[whole...])
    }

    /// Pads the message (a 1 bit, zeros, the bit length) and returns the digest as four words.
    mutating func finish() -> (UInt64, UInt64, UInt64, UInt64) {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBufferPointer { Self.compress($0, into: &h) }
        func pair(_ high: UInt32, _ low: UInt32) -> UInt64 { UInt64(high) << 32 | UInt64(low) }
        return (pair(h.0, h.1), pair(h.2, h.3), pair(h.4, h.5), pair(h.6, h.7))
    }

    /// The compression function (FIPS 180-4 §6.2.2) on each 64-byte block of `blocks`, in order.
    static func compress(
        _ blocks: UnsafeBufferPointer<UInt8>,
        into h: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    ) {
        @inline(__always) func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
        k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for start in stride(from: 0, to: blocks.count, by: 64) {
                    for t in 0..<16 {
                        let i = start + 4 * t
                        w[t] =
                            UInt32(blocks[i]) << 24 | UInt32(blocks[i + 1]) << 16 | UInt32(blocks[i + 2]) << 8
                            | UInt32(blocks[i + 3])
                    }
                    for t in 16..<64 {
                        let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                        let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, hh) = h
                    for t in 0..<64 {
                        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let t1 = hh &+ s1 &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
                        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let t2 = s0 &+ ((a & b) ^ (a & c) ^ (b & c))
                        (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                    }
                    h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
                }
            }
        }
    }
}
