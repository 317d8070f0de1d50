// HyphenationPatternClosure: libhyphen's substring preprocessing (its substrings.pl), done in
// memory when a dictionary is loaded, so a file installed without it finds every point.

/// A hyphenation dictionary's text with every pattern state given the values of all the patterns
/// inside it, as libhyphen's own preprocessor `substrings.pl` leaves a file.
///
/// libhyphen matches a word with a finite automaton whose states are the prefixes of the
/// patterns, and at each letter applies only the values of the state it is in. Liang's algorithm
/// applies every pattern that occurs in the word, so a pattern that is only a substring of a
/// longer state's string is never applied when the automaton is in that longer state. libhyphen's
/// README therefore requires patterns to be run through `substrings.pl`, which writes, for each
/// prefix of a pattern that ends with some pattern, that prefix carrying the largest value at
/// each position of every pattern inside it. Debian installs several files without that step
/// (German and Russian among them); read as installed, Russian agrees with a complete matcher
/// (pyphen) on about a third of words.
///
/// Doing it again on a file that already had it changes nothing, so every file goes through it.
/// Each level (the parts a `NEXTLEVEL` line separates) is closed on its own. Header lines
/// (the character set, `LEFTHYPHENMIN` and the other keywords), comments and non-standard
/// patterns (`pattern/replacement,start,length`) are kept as they are; a non-standard pattern
/// is not merged into others, since its values belong with its replacement.
enum HyphenationPatternClosure {
    /// The file's bytes with each level's standard patterns closed under substrings.
    static func close(_ file: [UInt8]) -> [UInt8] {
        let closed = closedLevels(file)
        var output: [UInt8] = []
        output.reserveCapacity(file.count * 2)
        for (header, level) in zip(closed.headers, closed.levels) {
            output.append(contentsOf: header)
            for k in 0..<level.count { level.write(k, to: &output) }
        }
        return output
    }

    /// A file split into levels and closed: each level's lines that are not standard patterns
    /// (the character set first, then keywords, comments, non-standard patterns; a level after
    /// the first starts with its `NEXTLEVEL` line), and its closed states.
    struct ClosedFile {
        var headers: [[UInt8]]
        var levels: [ClosedLevel]

        /// The headers alone: the file as libhyphen reads it without its standard patterns.
        var skeleton: [UInt8] { headers.flatMap { $0 } }
    }

    /// The levels of `file`, each closed (`close(_:)` is these written out).
    static func closedLevels(_ file: [UInt8]) -> ClosedFile {
        var closed = ClosedFile(headers: [[]], levels: [])
        var level: [Pattern] = []
        var isFirstLine = true
        for line in file.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            if isFirstLine {
                // The character set, which libhyphen reads before anything else.
                isFirstLine = false
                append(text, to: &closed.headers[0])
                continue
            }
            if text.starts(with: Array("NEXTLEVEL".utf8)) {
                closed.levels.append(closing(level))
                level.removeAll()
                closed.headers.append([])
                append(text, to: &closed.headers[closed.headers.count - 1])
            } else if let pattern = Pattern(text) {
                level.append(pattern)
            } else if !text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                // Keywords, comments, non-standard patterns.
                append(text, to: &closed.headers[closed.headers.count - 1])
            }
        }
        closed.levels.append(closing(level))
        return closed
    }

    private static func append(_ line: ArraySlice<UInt8>, to output: inout [UInt8]) {
        output.append(contentsOf: line)
        output.append(UInt8(ascii: "\n"))
    }

    /// One level's closed states, in the order they are written: state `k`'s letters are
    /// `letters[letterStarts[k]..<letterStarts[k + 1]]`, its values (one more than its letters)
    /// the same range of `values` moved on by `k`.
    struct ClosedLevel {
        private(set) var letters: [UInt8] = []
        private(set) var values: [UInt8] = []
        private(set) var letterStarts: [Int] = [0]

        var count: Int { letterStarts.count - 1 }

        func letters(of k: Int) -> ArraySlice<UInt8> { letters[letterStarts[k]..<letterStarts[k + 1]] }

        func values(of k: Int) -> ArraySlice<UInt8> { values[(letterStarts[k] + k)...(letterStarts[k + 1] + k)] }

        /// Appends the state of the first `count` of `letters` and the first `count + 1` of
        /// `values` (element by element: no slice, which a debug build makes slow).
        mutating func append(letters: [UInt8], count: Int, values: [UInt8]) {
            for k in 0..<count { self.letters.append(letters[k]) }
            for k in 0...count { self.values.append(values[k]) }
            letterStarts.append(self.letters.count)
        }

        /// State `k` as a line of a dictionary: each non-zero value as a digit before its
        /// letter, and the last one after the last letter.
        func write(_ k: Int, to output: inout [UInt8]) {
            let values = values(of: k)
            var v = values.startIndex
            for letter in letters(of: k) {
                if values[v] > 0 { output.append(UInt8(ascii: "0") + values[v]) }
                output.append(letter)
                v += 1
            }
            if values[v] > 0 { output.append(UInt8(ascii: "0") + values[v]) }
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// A standard pattern: its letters (bytes; `.` marks a word edge) and the value before each
    /// letter and after the last (libhyphen's `1ba` is letters "ba", values [1, 0, 0]).
    struct Pattern {
        var letters: [UInt8]
        var values: [UInt8]

        /// Parses a pattern line as libhyphen does (up to the first space or control byte); nil
        /// for a line that is not a standard pattern (a keyword, a comment, empty, or with a
        /// `/` replacement).
        init?(_ line: ArraySlice<UInt8>) {
            let body = line.prefix { $0 > UInt8(ascii: " ") || $0 >= 0x80 }
            guard let first = body.first, first != UInt8(ascii: "%"), first != UInt8(ascii: "#"),
                !body.contains(UInt8(ascii: "/")), !(first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"))
            else { return nil }
            letters = []
            values = [0]
            for byte in body {
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    values[values.count - 1] = byte - UInt8(ascii: "0")
                } else {
                    letters.append(byte)
                    values.append(0)
                }
            }
            guard !letters.isEmpty else { return nil }
        }
    }

    /// The closure of one level's patterns: every prefix of a pattern that ends with a pattern,
    /// with the largest value at each position over every pattern occurring in it. Each such
    /// prefix is a node of the patterns' trie, kept once (at its first pattern, in file order);
    /// no array is made per state.
    private static func closing(_ patterns: [Pattern]) -> ClosedLevel {
        var level = ClosedLevel()
        guard !patterns.isEmpty else { return level }
        let trie = PatternTrie(patterns)
        var written = [Bool](repeating: false, count: trie.nodeCount)
        var scratch = PatternTrie.Scratch()
        for pattern in patterns {
            trie.appendStates(closing: pattern, written: &written, scratch: &scratch, to: &level)
        }
        return level
    }
}

/// The patterns of one level in a trie over their letters, its edges in one open-addressing
/// table keyed by (node, letter) (no allocation per node, one probe per step), to find every
/// pattern occurring in a string.
private struct PatternTrie {
    /// The edges: `keys[slot]` is `node << 8 | letter` (-1 for an empty slot), `targets[slot]`
    /// the child it leads to.
    private var keys: [Int]
    private var targets: [Int32]
    private let mask: Int
    /// The index in `patterns` of the pattern that ends at each node, or -1 (the root is node 0).
    private var terminal: [Int32] = [-1]
    private let patterns: [HyphenationPatternClosure.Pattern]

    /// Buffers reused from one pattern to the next.
    struct Scratch {
        /// `found[start * (n + 1) + end]`: the pattern spelled by letters start..<end, or -1.
        var found: [Int32] = []
        /// The trie node of each prefix of the pattern being closed.
        var prefixNode: [Int32] = []
        var merged: [UInt8] = []
    }

    var nodeCount: Int { terminal.count }

    init(_ patterns: [HyphenationPatternClosure.Pattern]) {
        self.patterns = patterns
        // At most one edge per letter: a table at least twice that keeps probes short.
        let edges = patterns.reduce(0) { $0 + $1.letters.count }
        var size = 16
        while size < 2 * edges + 1 { size <<= 1 }
        keys = [Int](repeating: -1, count: size)
        targets = [Int32](repeating: 0, count: size)
        mask = size - 1
        for (index, pattern) in patterns.enumerated() {
            var node = 0
            for letter in pattern.letters {
                let key = node << 8 | Int(letter)
                var slot = slot(of: key)
                while keys[slot] >= 0, keys[slot] != key { slot = (slot + 1) & mask }
                if keys[slot] < 0 {
                    keys[slot] = key
                    targets[slot] = Int32(terminal.count)
                    terminal.append(-1)
                }
                node = Int(targets[slot])
            }
            // A later duplicate of a pattern wins, as libhyphen's loader overwrites a state's match.
            terminal[node] = Int32(index)
        }
    }

    /// The first slot to probe for `key` (Fibonacci hashing).
    private func slot(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 29) & mask
    }

    /// The child of `node` along `letter`, if any.
    private func child(of node: Int, _ letter: UInt8) -> Int? {
        let key = node << 8 | Int(letter)
        var slot = slot(of: key)
        while keys[slot] >= 0 {
            if keys[slot] == key { return Int(targets[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Appends the closed states that are prefixes of `pattern` and not yet `written`: for each
    /// end at which some pattern ends, the prefix up to it with every pattern occurring inside it
    /// merged in (the largest value at each position).
    func appendStates(
        closing pattern: HyphenationPatternClosure.Pattern, written: inout [Bool], scratch: inout Scratch,
        to level: inout HyphenationPatternClosure.ClosedLevel
    ) {
        let letters = pattern.letters
        let n = letters.count
        scratch.found.removeAll(keepingCapacity: true)
        scratch.found.append(contentsOf: repeatElement(-1, count: (n + 1) * (n + 1)))
        scratch.prefixNode.removeAll(keepingCapacity: true)
        scratch.prefixNode.append(0)
        for start in 0..<n {
            var node = 0
            var index = start
            while index < n, let next = child(of: node, letters[index]) {
                node = next
                index += 1
                if start == 0 { scratch.prefixNode.append(Int32(node)) }
                if terminal[node] >= 0 { scratch.found[start * (n + 1) + index] = terminal[node] }
            }
        }
        scratch.merged.removeAll(keepingCapacity: true)
        scratch.merged.append(contentsOf: repeatElement(0, count: n + 1))
        for end in 1...n {
            var ends = false
            for start in 0..<end {
                let found = scratch.found[start * (n + 1) + end]
                guard found >= 0 else { continue }
                ends = true
                let values = patterns[Int(found)].values
                for offset in 0..<values.count where values[offset] > scratch.merged[start + offset] {
                    scratch.merged[start + offset] = values[offset]
                }
            }
            let node = Int(scratch.prefixNode[end])
            guard ends, !written[node] else { continue }
            written[node] = true
            level.append(letters: letters, count: end, values: scratch.merged)
        }
    }
}
