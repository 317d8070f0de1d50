// HyphenationStates: libhyphen's matching automaton for one level of closed patterns, built here
// instead of by libhyphen's loader, whose table of 31,627 string-keyed buckets makes loading
// German's closed patterns take about 18 s (every state's string is looked up, compared with
// strcmp along chains of a dozen entries, for each of its prefixes and suffixes).
import CHyphen
import Glibc

/// Builds the states of a `HyphenDict` level from closed patterns, as libhyphen's loader would
/// from the same patterns written one a line: a state for every prefix of every pattern (bytes,
/// `.` for a word edge), a transition from each prefix to the next along its byte, each pattern's
/// digits on its own state (leading zeros left out, as libhyphen stores them), and each state's
/// fallback the state of its longest proper suffix that is a state (the root for none). The
/// memory is malloc'd as libhyphen's, so `hnj_hyphen_free` frees it.
enum HyphenationStates {
    /// The longest line libhyphen reads (its `MAX_CHARS` buffer, less the line end and the NUL):
    /// a longer closed state is left out, as the loader skips such a line.
    static let longestLine = Int(MAX_CHARS) - 2

    /// Adds the states of `level` to `dict`, a level libhyphen made from the file's other lines
    /// (comments starting with `#` and anything else it reads as a pattern make states too,
    /// before the closed patterns, which win where both give a state its digits, as a later
    /// line does in libhyphen). Its states are found again by walking its transitions from the
    /// root (they form a trie) and keep what they hold (digits, replacements).
    static func install(_ level: HyphenationPatternClosure.ClosedLevel, into dict: UnsafeMutablePointer<HyphenDict>)
        -> Bool
    {
        guard let old = dict.pointee.states, dict.pointee.num_states >= 1 else { return false }
        let oldCount = Int(dict.pointee.num_states)
        var trie = StateTrie(capacity: (level.letterStarts.last ?? 0) + oldCount)
        // The node of each of libhyphen's states, found depth first from the root.
        var carried: [Int32] = [0]
        // (libhyphen's state, node) pairs, packed: plain integers keep a debug build quick.
        var stack: [Int] = [0]
        while let top = stack.popLast() {
            let (state, node) = (top >> 32, top & 0xFFFF_FFFF)
            for t in 0..<Int(old[state].num_trans) {
                guard let trans = old[state].trans else { break }
                let target = Int(trans[t].new_state)
                guard target > 0, target < oldCount else { return false }
                let child = trie.child(of: node, UInt8(bitPattern: trans[t].ch), creating: true)
                if child == carried.count { carried.append(-1) }
                carried[child] = Int32(target)
                stack.append(target << 32 | child)
            }
        }
        var matchOf = [Int32](repeating: -1, count: carried.count)
        for k in 0..<level.count where level.lineLength(of: k) <= longestLine {
            var node = 0
            for letter in level.letters(of: k) {
                node = trie.child(of: node, letter, creating: true)
                if node == matchOf.count { matchOf.append(-1) }
            }
            // A later line wins, as the loader overwrites a state's match.
            matchOf[node] = Int32(k)
        }
        let count = trie.nodeCount
        guard
            let states = malloc(count * MemoryLayout<HyphenState>.stride)?.bindMemory(
                to: HyphenState.self, capacity: count)
        else { return false }
        let fallbacks = trie.fallbacks()
        let transitions = trie.transitions()
        for node in 0..<count {
            var state = HyphenState()
            if node < carried.count, carried[node] >= 0 {
                let from = old[Int(carried[node])]
                (state.match, state.repl, state.replindex, state.replcut) =
                    (from.match, from.repl, from.replindex, from.replcut)
            }
            if matchOf[node] >= 0 {
                free(state.match)
                free(state.repl)
                state.match = match(level.values(of: Int(matchOf[node])))
                state.repl = nil
                state.replindex = 0
                state.replcut = Int8(truncatingIfNeeded: trie.depth(of: node))
            }
            state.fallback_state = Int32(fallbacks[node])
            let (first, end) = (transitions.starts[node], transitions.starts[node + 1])
            if end > first, let trans = malloc((end - first) * MemoryLayout<HyphenTrans>.stride) {
                let typed = trans.bindMemory(to: HyphenTrans.self, capacity: end - first)
                for e in first..<end {
                    typed[e - first] = HyphenTrans(
                        ch: CChar(bitPattern: transitions.letters[e]), new_state: transitions.targets[e])
                }
                state.trans = typed
                state.num_trans = Int32(end - first)
            }
            states[node] = state
        }
        for k in 0..<oldCount { free(old[k].trans) }
        free(old)
        dict.pointee.states = states
        dict.pointee.num_states = Int32(count)
        return true
    }

    /// A pattern's values as libhyphen stores them: digit characters from the first non-zero
    /// value on (an empty string when all are zero), malloc'd.
    private static func match(_ values: ArraySlice<UInt8>) -> UnsafeMutablePointer<CChar>? {
        let digits = values.drop { $0 == 0 }
        guard let text = malloc(digits.count + 1)?.bindMemory(to: CChar.self, capacity: digits.count + 1) else {
            return nil
        }
        for (i, value) in digits.enumerated() { text[i] = CChar(UInt8(ascii: "0") + value) }
        text[digits.count] = 0
        return text
    }
}

/// The states' trie: nodes numbered as made (the root is 0, a parent before its children), its
/// edges in one open-addressing table keyed by (node, byte).
private struct StateTrie {
    private var keys: [Int]
    private var targets: [Int32]
    private let mask: Int
    private var parent: [Int32] = [-1]
    private var letter: [UInt8] = [0]
    private var depths: [Int32] = [0]

    var nodeCount: Int { parent.count }

    /// A trie for at most `capacity` edges.
    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity + 1 { size <<= 1 }
        keys = [Int](repeating: -1, count: size)
        targets = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    func depth(of node: Int) -> Int { Int(depths[node]) }

    private func slot(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 29) & mask
    }

    /// The child of `node` along `byte`: -1 when there is none, unless `creating`.
    mutating func child(of node: Int, _ byte: UInt8, creating: Bool) -> Int {
        let key = node << 8 | Int(byte)
        var slot = slot(of: key)
        while keys[slot] >= 0 {
            if keys[slot] == key { return Int(targets[slot]) }
            slot = (slot + 1) & mask
        }
        guard creating else { return -1 }
        keys[slot] = key
        targets[slot] = Int32(parent.count)
        parent.append(Int32(node))
        letter.append(byte)
        depths.append(depths[node] + 1)
        return parent.count - 1
    }

    /// The child of `node` along `byte`, or -1.
    func child(of node: Int, _ byte: UInt8) -> Int {
        let key = node << 8 | Int(byte)
        var slot = slot(of: key)
        while keys[slot] >= 0 {
            if keys[slot] == key { return Int(targets[slot]) }
            slot = (slot + 1) & mask
        }
        return -1
    }

    /// Each node's fallback: the node of its longest proper suffix (Aho–Corasick's failure
    /// link), 0 for none, -1 for the root. Computed in order of depth, each from its parent's.
    func fallbacks() -> [Int] {
        var fallback = [Int](repeating: 0, count: nodeCount)
        fallback[0] = -1
        for node in nodesByDepth() where node != 0 {
            let p = Int(parent[node])
            guard p != 0 else { continue }
            var f = fallback[p]
            while true {
                let next = child(of: f, letter[node])
                if next >= 0 {
                    fallback[node] = next
                    break
                }
                if f == 0 { break }
                f = fallback[f]
            }
        }
        return fallback
    }

    /// The nodes in order of depth (a counting sort: depths are short).
    private func nodesByDepth() -> [Int] {
        let deepest = Int(depths.max() ?? 0)
        var starts = [Int](repeating: 0, count: deepest + 2)
        for d in depths { starts[Int(d) + 1] += 1 }
        for d in 0...deepest { starts[d + 1] += starts[d] }
        var order = [Int](repeating: 0, count: nodeCount)
        for node in 0..<nodeCount {
            let d = Int(depths[node])
            order[starts[d]] = node
            starts[d] += 1
        }
        return order
    }

    /// The transitions, grouped by node: node `n`'s are at `starts[n]..<starts[n + 1]` of
    /// `letters` (the byte) and `targets` (the child).
    func transitions() -> (starts: [Int], letters: [UInt8], targets: [Int32]) {
        var starts = [Int](repeating: 0, count: nodeCount + 1)
        for node in 1..<max(nodeCount, 1) { starts[Int(parent[node]) + 1] += 1 }
        for n in 0..<nodeCount { starts[n + 1] += starts[n] }
        var cursor = starts
        var letters = [UInt8](repeating: 0, count: max(nodeCount - 1, 0))
        var targets = [Int32](repeating: 0, count: max(nodeCount - 1, 0))
        for node in 1..<max(nodeCount, 1) {
            let p = Int(parent[node])
            (letters[cursor[p]], targets[cursor[p]]) = (letter[node], Int32(node))
            cursor[p] += 1
        }
        return (starts, letters, targets)
    }
}
