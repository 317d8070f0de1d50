// FallbackCache: a FontCollection's answers to "which face draws this character for this font",
// bounded in bytes, holding no requesting face alive.

import GalleySync

/// The fallback answers of one ``FontCollection``, keyed by the character and what of the
/// requesting font the search depends on: its face by ``FontFace/id`` (so an entry does not keep
/// the face alive, and a face made later never takes a freed face's entries), weight, italic,
/// colour preference, cascade list and language. An answer that is the requesting face itself
/// is kept as `.requester`, so it holds nothing; an answer that is another face (a bundled or
/// system face) holds that face.
///
/// Each entry costs its dictionary slot at the 3/4 load factor (``MemoryCost``), about 130
/// bytes; when a store would pass the byte limit the cache is emptied (answers cost one search
/// of the catalog to find again). Thread-safe.
final class FallbackCache: BudgetedCache {
    struct Key: Hashable, Sendable {
        let scalar: UInt32
        let face: UInt64
        let weight: Int
        let italic: Bool
        let color: Bool
        let cascade: [String]?
        let language: String?
    }

    /// An answer.
    enum Answer: Sendable {
        /// No face covers the character.
        case none
        /// The requesting face covers it.
        case requester
        /// Another face.
        case face(FontFace)
    }

    private struct State {
        var answers: [Key: Answer] = [:]
        var bytes = 0
        var limit: Int
    }

    private let state: Locked<State>
    /// The bytes one answer takes.
    static let entryCost = MemoryCost.dictionaryEntry(Key.self, Answer.self)

    /// An empty cache of at most `byteLimit` bytes.
    init(byteLimit: Int) {
        state = Locked(State(limit: byteLimit))
    }

    /// The answer kept for `key`, or nil.
    func answer(for key: Key) -> Answer? {
        state.withLock { $0.answers[key] }
    }

    /// Keeps `answer` for `key`, emptying the cache first when it would pass its limit.
    func store(_ answer: Answer, for key: Key) {
        let cost = Self.entryCost + (key.cascade.map { MemoryCost.array($0) } ?? 0)
        state.withLock { state in
            guard cost <= state.limit else { return }
            if state.bytes + cost > state.limit { state.answers.removeAll(keepingCapacity: false); state.bytes = 0 }
            if state.answers.updateValue(answer, forKey: key) == nil { state.bytes += cost }
        }
    }

    /// The bytes of the answers kept, and how many.
    var accounted: (bytes: Int, entries: Int) { state.withLock { ($0.bytes, $0.answers.count) } }

    /// Sets the most bytes kept; a cache over it is emptied at once.
    func setByteLimit(_ bytes: Int) {
        state.withLock { state in
            state.limit = max(0, bytes)
            if state.bytes > state.limit { state = State(limit: state.limit) }
        }
    }

    /// Whether an answer asked for by the face with ``FontFace/id`` `faceID` is kept (for tests).
    func holdsAnswers(forFace faceID: UInt64) -> Bool {
        state.withLock { $0.answers.keys.contains { $0.face == faceID } }
    }

    /// Forgets every answer.
    func removeAll() {
        state.withLock { $0 = State(limit: $0.limit) }
    }
}
