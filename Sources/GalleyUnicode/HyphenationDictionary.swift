// HyphenationDictionary: one hyph_*.dic file loaded for libhyphen, with the character set its
// first line names, and the process-wide cache of loaded files that Hyphenator draws from.

import CHyphen
import CICU
import GalleySync
import Glibc

/// One hyphenation dictionary loaded by libhyphen.
///
/// libhyphen matches patterns byte by byte. A dictionary whose first line is `UTF-8` gets UTF-8
/// words, and libhyphen reports points per code point. Any other first line names a single-byte
/// character set (`ISO8859-1` for German and Portuguese, `KOI8-R` for Russian, …): a word is then
/// given one byte per character in that set, through a table built once with iconv, and a word
/// with a character outside the set cannot be hyphenated.
///
/// `@unchecked Sendable`: the `HyphenDict` is written only by its loader
/// (`galley_hyphen_load_data`), before this object exists; `hnj_hyphen_hyphenate3` only reads it
/// (its scratch buffers are its own allocations or the caller's), and it is freed in `deinit`
/// alone.
final class HyphenationDictionary: @unchecked Sendable {
    enum Charset {
        case utf8
        /// Unicode scalar value → byte, for every byte the set defines.
        case singleByte([UInt32: UInt8])
    }

    private let dict: UnsafeMutablePointer<HyphenDict>
    let charset: Charset
    /// The dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN (0 when it gives none).
    let leftMinimum: Int
    let rightMinimum: Int
    /// Points already found, per word (as given, before lowercasing) and minimums, relative to
    /// the word's start: running text repeats its words, and a lookup costs a fraction of
    /// lowercasing, normalising and matching one. Emptied when it reaches `wordCacheCapacity`.
    let words = Locked<[HyphenatedWordKey: [Int]]>([:])
    static let wordCacheCapacity = 20_000

    private init(dict: UnsafeMutablePointer<HyphenDict>, charset: Charset) {
        self.dict = dict
        self.charset = charset
        self.leftMinimum = Int(dict.pointee.lhmin)
        self.rightMinimum = Int(dict.pointee.rhmin)
    }

    deinit { hnj_hyphen_free(dict) }

    /// Loads a dictionary, its patterns first closed under substrings as libhyphen requires
    /// (`loadClosed`); nil when the file cannot be read, its first line names no
    /// character set iconv knows, or it holds no patterns.
    static func load(path: String) -> HyphenationDictionary? {
        guard let name = charsetLine(path), let charset = charset(named: name),
            let file = readFile(path), let dict = loadClosed(file)
        else { return nil }
        // libhyphen always puts a level above the patterns (its default one splits at hyphens
        // and apostrophes); a file without patterns leaves the level below it empty.
        let patterns = dict.pointee.nextlevel ?? dict
        guard patterns.pointee.num_states > 1 else {
            hnj_hyphen_free(dict)
            return nil
        }
        return HyphenationDictionary(dict: dict, charset: charset)
    }

    /// The whole file, or nil when it cannot be read (or is over 64 MiB: the largest Debian
    /// installs is about 1 MiB).
    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > 64 << 20 { return nil }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// libhyphen's dictionary for the file's text with each level closed under substrings, built
    /// from memory by CHyphen's loader (`galley_hyphen_load_data`): the machine libhyphen builds
    /// from the file after libhyphen's `substrings.pl`, up to the numbering of its states.
    /// libhyphen's own loader takes 8.5 s over German's patterns, the closure in Swift most of
    /// a second more; this takes a fraction of a second.
    private static func loadClosed(_ file: [UInt8]) -> UnsafeMutablePointer<HyphenDict>? {
        file.withUnsafeBytes { buffer -> UnsafeMutablePointer<HyphenDict>? in
            guard let base = buffer.baseAddress else { return nil }
            return galley_hyphen_load_data(base.assumingMemoryBound(to: CChar.self), buffer.count, 1)
        }
    }

    /// The first line of the file as libhyphen reads it (at most 19 bytes, line end removed).
    private static func charsetLine(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 20)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let bytes = buffer.prefix(while: { $0 != 0 && $0 != 0x0A && $0 != 0x0D }).map { UInt8(bitPattern: $0) }
        guard !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func charset(named name: String) -> Charset? {
        // libhyphen itself treats exactly "UTF-8" as UTF-8 (strcmp), everything else as bytes.
        if name == "UTF-8" { return .utf8 }
        let iconvName = name.lowercased() == "microsoft-cp1251" ? "CP1251" : name
        guard let table = singleByteTable(iconvName) else { return nil }
        return .singleByte(table)
    }

    /// Each byte of a single-byte character set decoded by iconv, inverted; nil when iconv does
    /// not know the set or it is not a single-byte set (ASCII letters must be themselves).
    private static func singleByteTable(_ name: String) -> [UInt32: UInt8]? {
        let converter = iconv_open("UTF-32LE", name)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var table: [UInt32: UInt8] = [:]
        for byte in 1...255 {
            var input: [CChar] = [CChar(bitPattern: UInt8(byte))]
            var output = [UInt8](repeating: 0, count: 16)
            var inLeft = 1
            var outLeft = output.count
            let converted = input.withUnsafeMutableBufferPointer { inBuffer in
                output.withUnsafeMutableBufferPointer { outBuffer in
                    var inPointer: UnsafeMutablePointer<CChar>? = inBuffer.baseAddress
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!)
                        .assumingMemoryBound(to: CChar.self)
                    return iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                }
            }
            _ = iconv(converter, nil, nil, nil, nil)  // back to the initial state
            guard converted != -1, inLeft == 0, output.count - outLeft == 4 else { continue }
            let value = UInt32(output[0]) | UInt32(output[1]) << 8 | UInt32(output[2]) << 16 | UInt32(output[3]) << 24
            if table[value] == nil { table[value] = UInt8(byte) }
        }
        for letter in UInt8(ascii: "a")...UInt8(ascii: "z") where table[UInt32(letter)] != letter { return nil }
        return table
    }

    /// The word as libhyphen takes it (lowercased, NFC, in the dictionary's character set) and,
    /// for each of its characters, the index of the grapheme cluster it ends (nil when it is not
    /// the last character of its cluster). Nil when a character is outside the character set.
    func prepare(_ units: [UInt16], clusterBoundaries: [Int]) -> (bytes: [UInt8], clusterEndingAt: [Int?])? {
        var bytes: [UInt8] = []
        var clusterEndingAt: [Int?] = []
        for cluster in 0..<(clusterBoundaries.count - 1) {
            let scalars = Self.lowercasedNFC(units, clusterBoundaries[cluster]..<clusterBoundaries[cluster + 1])
            for (index, scalar) in scalars.enumerated() {
                guard scalar.value != 0 else { return nil }
                switch charset {
                case .utf8:
                    bytes.append(contentsOf: UTF8.encode(scalar)!)
                case .singleByte(let table):
                    guard let byte = table[scalar.value] else { return nil }
                    bytes.append(byte)
                }
                clusterEndingAt.append(index == scalars.count - 1 ? cluster : nil)
            }
        }
        return (bytes, clusterEndingAt)
    }

    /// One grapheme cluster lowercased (full case mapping, scalar by scalar) and then put in NFC.
    private static func lowercasedNFC(_ units: [UInt16], _ range: Range<Int>) -> [Unicode.Scalar] {
        var lowered: [UInt16] = []
        var maybeDenormalized = false
        units.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            while index < range.upperBound {
                let (scalar, length) = UTF16Decoder.scalar(in: buffer, at: index, end: range.upperBound)
                index += length
                if scalar.isASCII {
                    let value = scalar.value
                    lowered.append(UInt16(value >= 0x41 && value <= 0x5A ? value + 0x20 : value))
                    continue
                }
                for mapped in scalar.properties.lowercaseMapping.unicodeScalars {
                    lowered.append(contentsOf: UTF16.encode(mapped)!)
                    if mapped.value >= 0x300 { maybeDenormalized = true }
                }
            }
        }
        if maybeDenormalized, let normalized = nfc(lowered) { lowered = normalized }
        return Array(String(decoding: lowered, as: UTF16.self).unicodeScalars)
    }

    private static func nfc(_ units: [UInt16]) -> [UInt16]? {
        let capacity = units.count * 3 + 1
        var out = [UInt16](repeating: 0, count: capacity)
        let written = galley_nfc(units, Int32(units.count), &out, Int32(capacity))
        guard written >= 0 else { return nil }
        return Array(out.prefix(Int(written)))
    }

    /// The minimum libhyphen's `hnj_hyphen_hyphenate3` applies: the larger of the caller's and
    /// the dictionary's, 2 when both are 0.
    func effectiveMinimum(_ requested: Int, _ dictionary: Int) -> Int {
        let larger = max(min(requested, Hyphenator.maximumWordLength), dictionary)
        return larger > 0 ? larger : 2
    }

    /// For each character of `word` (see `prepare`), whether libhyphen allows a standard hyphen
    /// after it.
    func hyphenate(_ word: [UInt8], minimumBefore: Int, minimumAfter: Int) -> [Bool] {
        let size = word.count
        var terminated = word.map { CChar(bitPattern: $0) }
        terminated.append(0)  // libhyphen looks for the end with strstr and friends
        var hyphens = [CChar](repeating: 0, count: size + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let status = hnj_hyphen_hyphenate3(
            dict, terminated, Int32(size), &hyphens, nil, &replacements, &positions, &cuts,
            Int32(minimumBefore), Int32(minimumAfter), 0, 0)
        defer {
            if let replacements {
                for index in 0..<size { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return [] }
        // In UTF-8 hnj_hyphen_norm has moved the marks from bytes to code points.
        let characters: Int
        switch charset {
        case .utf8: characters = word.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        case .singleByte: characters = size
        }
        return (0..<characters).map { index in
            hyphens[index] & 1 == 1 && replacements?[index] == nil
        }
    }
}

/// A word and the minimums its points were found with.
struct HyphenatedWordKey: Hashable, Sendable {
    let units: [UInt16]
    let minimumBefore: Int
    let minimumAfter: Int
}

/// The loaded dictionaries of the process, one per file (symbolic links resolved, so
/// `hyph_de_CH.dic` and `hyph_de_DE.dic` share one), each loaded the first time it is asked
/// for, under the lock. A file that failed to load is remembered as failed.
final class HyphenationDictionaryCache: Sendable {
    static let shared = HyphenationDictionaryCache()

    private let loaded = Locked<[String: HyphenationDictionary?]>([:])

    func dictionary(at path: String) -> HyphenationDictionary? {
        let key = Self.resolved(path)
        return loaded.withLock { loaded in
            if let known = loaded[key] { return known }
            let dictionary = HyphenationDictionary.load(path: key)
            loaded[key] = dictionary
            return dictionary
        }
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
