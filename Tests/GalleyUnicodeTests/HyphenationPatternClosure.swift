// HyphenationPatternClosure: libhyphen's substring preprocessing (its substrings.pl) on a
// dictionary's text, written from its description: the reference that CHyphen's loader, which
// closes the built machine itself (pattern_loader.h, galley_hyphen_close), is checked against
// (HyphenPatternLoaderTests), the way libhyphen would read the closed text.

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
        var output: [UInt8] = []
        output.reserveCapacity(file.count * 2)
        var level: [Pattern] = []
        var isFirstLine = true
        for line in file.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
            if isFirstLine {
                // The character set, which libhyphen reads before anything else.
                isFirstLine = false
                append(text, to: &output)
                continue
            }
            if text.starts(with: Array("NEXTLEVEL".utf8)) {
                write(closing: level, to: &output)
                level.removeAll()
                append(text, to: &output)
            } else if let pattern = Pattern(text) {
                level.append(pattern)
            } else if !text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                append(text, to: &output)  // keywords, comments, non-standard patterns
            }
        }
        write(closing: level, to: &output)
        return output
    }

    private static func append(_ line: ArraySlice<UInt8>, to output: inout [UInt8]) {
        output.append(contentsOf: line)
        output.append(UInt8(ascii: "\n"))
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

        init(letters: [UInt8], values: [UInt8]) {
            self.letters = letters
            self.values = values
        }

        /// The pattern as a line of a dictionary: each non-zero value as a digit before its letter.
        func write(to output: inout [UInt8]) {
            for (index, letter) in letters.enumerated() {
                if values[index] > 0 { output.append(UInt8(ascii: "0") + values[index]) }
                output.append(letter)
            }
            if let last = values.last, last > 0 { output.append(UInt8(ascii: "0") + last) }
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// Writes the closure of one level's patterns: every prefix of a pattern that ends with a
    /// pattern, with the largest value at each position over every pattern occurring in it.
    private static func write(closing patterns: [Pattern], to output: inout [UInt8]) {
        guard !patterns.isEmpty else { return }
        let trie = PatternTrie(patterns)
        var written = Set<[UInt8]>()
        for pattern in patterns {
            for state in trie.states(closing: pattern) where written.insert(state.letters).inserted {
                state.write(to: &output)
            }
        }
    }
}

/// The patterns of one level in a trie over their letters, to find every pattern occurring in a
/// string in time proportional to the string's length times the trie's depth there.
private struct PatternTrie {
    /// Children of node `n`: `children[n]` maps a letter to a node index.
    private var children: [[UInt8: Int32]] = [[:]]
    /// The index in `patterns` of the pattern that ends at each node, or -1.
    private var terminal: [Int32] = [-1]
    private let patterns: [HyphenationPatternClosure.Pattern]

    init(_ patterns: [HyphenationPatternClosure.Pattern]) {
        self.patterns = patterns
        for (index, pattern) in patterns.enumerated() {
            var node = 0
            for letter in pattern.letters {
                if let next = children[node][letter] {
                    node = Int(next)
                } else {
                    children.append([:])
                    terminal.append(-1)
                    children[node][letter] = Int32(children.count - 1)
                    node = children.count - 1
                }
            }
            // A later duplicate of a pattern wins, as libhyphen's loader overwrites a state's match.
            terminal[node] = Int32(index)
        }
    }

    /// The closed states that are prefixes of `pattern`: for each end at which some pattern
    /// ends, the prefix up to it with every pattern occurring inside it merged in.
    func states(closing pattern: HyphenationPatternClosure.Pattern) -> [HyphenationPatternClosure.Pattern] {
        let letters = pattern.letters
        // Every occurrence (start, pattern index) of a pattern inside `letters`, by its end.
        var occurrencesEndingAt = [[(start: Int, pattern: Int)]](repeating: [], count: letters.count + 1)
        for start in 0..<letters.count {
            var node = 0
            var index = start
            while index < letters.count, let next = children[node][letters[index]] {
                node = Int(next)
                index += 1
                if terminal[node] >= 0 { occurrencesEndingAt[index].append((start, Int(terminal[node]))) }
            }
        }
        var merged = [UInt8](repeating: 0, count: letters.count + 1)
        var states: [HyphenationPatternClosure.Pattern] = []
        for end in 1...letters.count where !occurrencesEndingAt[end].isEmpty {
            for (start, index) in occurrencesEndingAt[end] {
                for (offset, value) in patterns[index].values.enumerated() where value > merged[start + offset] {
                    merged[start + offset] = value
                }
            }
            states.append(.init(letters: Array(letters[..<end]), values: Array(merged[...end])))
        }
        return states
    }
}
