// CHyphen's pattern loader against libhyphen's own: the same HyphenDict, field by field, for
// every dictionary installed here, as installed and closed under substrings.

import CHyphen
import Foundation
import Testing

@testable import GalleyUnicode

@Suite struct HyphenPatternLoaderTests {
    /// Every dictionary file the Makefile installs (symbolic links to them left out).
    static let files: [String] = {
        let directory = Hyphenator.systemDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".dic") }.sorted().compactMap { name in
            let path = directory + "/" + name
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return attributes?[.type] as? FileAttributeType == .typeRegular ? path : nil
        }
    }()

    /// libhyphen's loader over `bytes` (through a memory stream, as a file).
    func libhyphen(_ bytes: [UInt8]) -> UnsafeMutablePointer<HyphenDict>? {
        var copy = bytes
        return copy.withUnsafeMutableBytes { buffer in
            guard let stream = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(stream) }
            return hnj_hyphen_load_file(stream)
        }
    }

    func ours(_ bytes: [UInt8], closing: Bool = false) -> UnsafeMutablePointer<HyphenDict>? {
        bytes.withUnsafeBytes {
            galley_hyphen_load_data($0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count, closing ? 1 : 0)
        }
    }

    /// The first field in which two dictionaries (and the levels below them) differ, or nil.
    func difference(_ a: UnsafeMutablePointer<HyphenDict>?, _ b: UnsafeMutablePointer<HyphenDict>?) -> String? {
        guard let a, let b else { return a == nil && b == nil ? nil : "one level missing" }
        let (x, y) = (a.pointee, b.pointee)
        if x.num_states != y.num_states { return "num_states \(x.num_states) vs \(y.num_states)" }
        if [x.lhmin, x.rhmin, x.clhmin, x.crhmin] != [y.lhmin, y.rhmin, y.clhmin, y.crhmin] { return "minimums" }
        if x.utf8 != y.utf8 || withUnsafeBytes(of: x.cset, Array.init) != withUnsafeBytes(of: y.cset, Array.init) {
            return "character set"
        }
        if x.nohyphenl != y.nohyphenl || nohyphen(x) != nohyphen(y) { return "NOHYPHEN" }
        for state in 0..<Int(x.num_states) {
            let (s, t) = (x.states[state], y.states[state])
            if string(s.match) != string(t.match) { return "state \(state): match" }
            if string(s.repl) != string(t.repl) { return "state \(state): replacement" }
            if s.match != nil, s.replcut != t.replcut { return "state \(state): replcut" }
            if s.repl != nil, s.replindex != t.replindex { return "state \(state): replindex" }
            if s.fallback_state != t.fallback_state {
                return "state \(state): fallback \(s.fallback_state) vs \(t.fallback_state)"
            }
            if s.num_trans != t.num_trans { return "state \(state): transitions" }
            for k in 0..<Int(s.num_trans)
            where s.trans[k].ch != t.trans[k].ch || s.trans[k].new_state != t.trans[k].new_state {
                return "state \(state): transition \(k)"
            }
        }
        return difference(x.nextlevel, y.nextlevel).map { "next level: " + $0 }
    }

    func string(_ p: UnsafeMutablePointer<CChar>?) -> [UInt8]? {
        p.map {
            Array(
                UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
        }
    }

    /// The NOHYPHEN list: `nohyphenl + 1` strings, one after another.
    func nohyphen(_ d: HyphenDict) -> [[UInt8]] {
        guard var p = d.nohyphen else { return [] }
        var out: [[UInt8]] = []
        for _ in 0...Int(d.nohyphenl) {
            out.append(string(p) ?? [])
            p += strlen(p) + 1
        }
        return out
    }

    /// The machine libhyphen builds and ours are the same, for each file as installed and as
    /// Galley loads it (closed under substrings). German as installed is left to libhyphen's
    /// loader only once (it takes it seconds).
    @Test(arguments: files) func sameMachine(_ path: String) throws {
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let inputs = path.contains("hyph_de") ? [file] : [file, HyphenationPatternClosure.close(file)]
        for bytes in inputs {
            let reference = try #require(libhyphen(bytes))
            let built = try #require(ours(bytes))
            defer {
                hnj_hyphen_free(reference)
                hnj_hyphen_free(built)
            }
            #expect(reference.pointee.num_states > 0)
            #expect(difference(reference, built) == nil, "\(path) (\(bytes.count) bytes)")
        }
    }

    /// Lines as libhyphen reads them: a first line longer than the character-set field, a long
    /// pattern line cut into pieces of 99 bytes, CR LF ends, comments, keywords, a replacement
    /// pattern with and without its positions, two NEXTLEVELs, and a file of one line without
    /// its end.
    @Test(arguments: [
        "ISO8859-1-and-more-than-nineteen\n1a1\n",
        "UTF-8\r\nLEFTHYPHENMIN 2\r\nRIGHTHYPHENMIN 3\r\n% comment\r\n.ab1c\r\nb1c\r\n",
        "UTF-8\n" + String(repeating: "a1", count: 80) + "\nzz1\n",
        "UTF-8\nNOHYPHEN -,'\n1-1\nc1k/k=k,1,2\nss1/s=s\nä1ö/ä=,1,1\nNEXTLEVEL\n1a1\n",
        "ISO8859-1\nCOMPOUNDLEFTHYPHENMIN 3\nab1\nNEXTLEVEL\nNEXTLEVEL\nba1\n",
        "UTF-8",
    ])
    func sameMachineOnEdgeCases(_ text: String) throws {
        let bytes = Array(text.utf8)
        let reference = try #require(libhyphen(bytes))
        let built = try #require(ours(bytes))
        defer {
            hnj_hyphen_free(reference)
            hnj_hyphen_free(built)
        }
        #expect(difference(reference, built) == nil)
    }

    /// Each state of a machine by its string (the bytes on the transitions from the root to it).
    func statesByString(_ d: HyphenDict) -> [[UInt8]: Int] {
        var out: [[UInt8]: Int] = [[]: 0]
        var stack: [(Int, [UInt8])] = [(0, [])]
        while let (state, string) = stack.popLast() {
            let s = d.states[state]
            for k in 0..<Int(s.num_trans) {
                let next = string + [UInt8(bitPattern: s.trans[k].ch)]
                out[next] = Int(s.trans[k].new_state)
                stack.append((Int(s.trans[k].new_state), next))
            }
        }
        return out
    }

    /// The first difference between two machines up to the numbering of their states: the same
    /// strings, each with the same match, replacement and fallback string, level by level. The
    /// root's match is left out (libhyphen gives it an empty one for a blank line, which the
    /// closure drops; an empty match applies nothing).
    func differenceUpToNumbering(_ a: UnsafeMutablePointer<HyphenDict>?, _ b: UnsafeMutablePointer<HyphenDict>?)
        -> String?
    {
        guard let a, let b else { return a == nil && b == nil ? nil : "one level missing" }
        let (x, y) = (a.pointee, b.pointee)
        if [x.lhmin, x.rhmin, x.clhmin, x.crhmin] != [y.lhmin, y.rhmin, y.clhmin, y.crhmin] { return "minimums" }
        if x.nohyphenl != y.nohyphenl || nohyphen(x) != nohyphen(y) { return "NOHYPHEN" }
        let (sx, sy) = (statesByString(x), statesByString(y))
        if sx.count != sy.count { return "\(sx.count) vs \(sy.count) states" }
        let name = Dictionary(uniqueKeysWithValues: sx.map { ($0.value, $0.key) })
        let nameY = Dictionary(uniqueKeysWithValues: sy.map { ($0.value, $0.key) })
        for (string, i) in sx {
            guard let j = sy[string] else { return "state \(string) missing" }
            let (s, t) = (x.states[i], y.states[j])
            if !string.isEmpty, self.string(s.match) != self.string(t.match) {
                return "\(string): match \(self.string(s.match) ?? []) vs \(self.string(t.match) ?? [])"
            }
            if self.string(s.repl) != self.string(t.repl) { return "\(string): replacement" }
            if s.repl != nil, s.replindex != t.replindex || s.replcut != t.replcut {
                return "\(string): replacement place"
            }
            if s.match != nil, !string.isEmpty, s.replcut != t.replcut { return "\(string): replcut" }
            let fx = s.fallback_state < 0 ? nil : name[Int(s.fallback_state)]
            let fy = t.fallback_state < 0 ? nil : nameY[Int(t.fallback_state)]
            if fx != fy { return "\(string): fallback" }
        }
        return differenceUpToNumbering(x.nextlevel, y.nextlevel).map { "next level: " + $0 }
    }

    /// The loader's own closure builds what libhyphen builds from the file closed by
    /// `HyphenationPatternClosure`, for every installed dictionary.
    @Test(arguments: files) func closedMachine(_ path: String) throws {
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let closedText = HyphenationPatternClosure.close(file)
        // libhyphen's own loader over German takes seconds; CHyphen's over the closed text is
        // the same machine as libhyphen's (sameMachine), so it stands in for it there.
        let reference = try #require(path.contains("hyph_de") ? ours(closedText) : libhyphen(closedText))
        let built = try #require(ours(file, closing: true))
        defer {
            hnj_hyphen_free(reference)
            hnj_hyphen_free(built)
        }
        #expect(differenceUpToNumbering(reference, built) == nil, "\(path)")
    }

    /// The closure where a line's letters come twice: a standard pattern and a replacement on
    /// the same letters (either order), a duplicate standard pattern (the later wins), lines the
    /// closure keeps aside (`#…`), and patterns inside patterns on both levels.
    @Test(arguments: [
        "UTF-8\nab1c\nb2c\nab1c/a=c,1,1\n",
        "UTF-8\nab1c/a=c,1,1\nab1c\nb2c\n",
        "UTF-8\na1b\na3b\nxa1by\n#a5b\n",
        "ISO8859-1\n1ba\nab1a\nNEXTLEVEL\n2b1\nxb1y\nb3y\n",
    ])
    func closedMachineOnEdgeCases(_ text: String) throws {
        let bytes = Array(text.utf8)
        let reference = try #require(libhyphen(HyphenationPatternClosure.close(bytes)))
        let built = try #require(ours(bytes, closing: true))
        defer {
            hnj_hyphen_free(reference)
            hnj_hyphen_free(built)
        }
        #expect(differenceUpToNumbering(reference, built) == nil)
    }
}
