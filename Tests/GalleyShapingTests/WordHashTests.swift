// WordHash (the shaped-word cache's SipHash) against the SipHash paper's test vectors.

import Testing

@testable import GalleyShaping

@Suite struct WordHashTests {
    /// The key of the paper's vectors: bytes 00…0f, read little-endian.
    static let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0f0e_0d0c_0b0a_0908)

    static func sip24(_ message: [UInt8], extra: UInt8? = nil) -> UInt64 {
        message.withUnsafeBytes {
            WordHash.sipHash($0, extra: extra, key: key, compressionRounds: 2, finalRounds: 4)
        }
    }

    /// SipHash-2-4 of the messages 00…(n−1) under the key 00…0f: the paper's appendix A gives
    /// n = 15, the reference implementation's vectors.h n = 0, 1, 7 and 8 (the block edges).
    @Test func paperVectors() {
        let message = (0..<64).map { UInt8($0) }
        #expect(Self.sip24(Array(message[..<15])) == 0xa129_ca61_49be_45e5)
        #expect(Self.sip24([]) == 0x726f_db47_dd0e_0e31)
        #expect(Self.sip24(Array(message[..<1])) == 0x74f8_39c5_93dc_67fd)
        #expect(Self.sip24(Array(message[..<7])) == 0xab02_00f5_8b01_d137)
        #expect(Self.sip24(Array(message[..<8])) == 0x93f5_f579_9a93_2462)
    }

    /// A message's last byte given as `extra` hashes as the whole message, at every length
    /// around the 8-byte blocks.
    @Test func extraByteIsTheMessagesLast() {
        let message = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for n in 1...40 {
            #expect(Self.sip24(Array(message[..<(n - 1)]), extra: message[n - 1]) == Self.sip24(Array(message[..<n])))
        }
    }

    /// Words of the same units and edges hash alike; another edge flag or unit changes the hash.
    @Test func wordsHashByUnitsAndEdges() {
        func hash(_ s: String, _ edges: UInt8) -> Int {
            Array(s.utf16).withUnsafeBytes { WordHash.word($0, edges: edges) }
        }
        #expect(hash("office ", 0) == hash("office ", 0))
        #expect(hash("office ", 0) != hash("office ", 1))
        #expect(hash("office ", 0) != hash("offics ", 0))
    }
}
