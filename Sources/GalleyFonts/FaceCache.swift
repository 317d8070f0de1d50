// FaceCache: the process-wide cache of faces, from files (keyed by path) and from bytes (keyed by
// the bytes' SHA-256), so that each is loaded once while anyone uses it, bounded in bytes.

import Foundation
import GalleySync

/// Faces loaded from files, keyed by absolute path (symbolic links resolved), face index and
/// whether the bytes were sanitized; and faces made from bytes (`Font(data:)`), keyed by the
/// SHA-256 of the bytes, face index and whether they were sanitized.
///
/// `Font(path:)`, `Font(data:)`, `Font(family:)` and every `FontCollection` go through this
/// cache, so two fonts for the same file and face, or for the same bytes and face, share one
/// `FontFace` (and compare equal at equal sizes). A file that ``TrustedFontFiles`` trusts
/// (bundled or a system font) is always loaded as it is, whoever asks, so `Font(path:)` on a
/// bundled file shares the face a collection loaded.
///
/// Two parts:
/// - the faces kept: the most recently used, least recently used evicted first, their
///   ``FontFace/estimatedBytes`` summing to at most the byte limit (``GalleyMemory``'s
///   ``GalleyMemory/Cache/fontFaces`` share for ``shared``). A face larger than the whole limit
///   is not kept.
/// - every face still alive, by weak reference: a face evicted but still held by a caller (a
///   `Font`, a frame) is found again, so its file or bytes never give a second face while the
///   first lives. A face no one holds and the cache has evicted (or ``removeAll()`` dropped) is
///   freed.
///
/// Hashing a font's bytes costs about as much as laying out a card, so the cache also remembers
/// the last few byte arrays it was given (``recentLimit``), by their storage: `Font(data:)` called
/// again with the same array (a service holding its uploads in memory) finds its face without
/// hashing. That is sound because the cache holds those arrays: storage it holds cannot be freed
/// and reused, and a Swift array shared with it is copied before any change. The arrays count
/// against the byte limit (by capacity) while they are held.
///
/// A file changed on disk while its face is alive is not re-read.
final class FaceCache: BudgetedCache {
    /// The one cache of the process, under ``GalleyMemory``'s budget.
    static let shared: FaceCache = {
        let cache = FaceCache(byteLimit: .max)
        cache.setByteLimit(GalleyMemory.register(cache, as: .fontFaces))
        return cache
    }()

    enum Key: Hashable, Sendable {
        case file(path: String, faceIndex: Int, sanitized: Bool)
        /// `sanitized`: by ``FontSanitizer/shared``.
        case bytes(digest: SHA256Digest, faceIndex: Int, sanitized: Bool)
    }

    /// A face known without being held.
    private final class WeakFace: @unchecked Sendable {
        weak var face: FontFace?
        init(_ face: FontFace) { self.face = face }
    }

    private struct State {
        var kept: LRUCache<Key, FontFace>
        var alive: [Key: WeakFace] = [:]
        /// `alive` is swept of freed faces when it reaches this size.
        var sweepAt = 256
        /// The byte arrays last given to ``face(data:faceIndex:sanitizer:)`` and their keys, most
        /// recent first.
        var recent: [(bytes: [UInt8], key: Key)] = []
        var recentBytes = 0
        var byteLimit: Int

        /// The key of `bytes` when it is one of the recent arrays (the same storage), made the most recent.
        mutating func recentKey(of bytes: [UInt8], faceIndex: Int, sanitized: Bool) -> Key? {
            guard
                let i = recent.firstIndex(where: { entry in
                    guard case .bytes(_, faceIndex, sanitized) = entry.key else { return false }
                    return FaceCache.sameStorage(entry.bytes, bytes)
                })
            else { return nil }
            let entry = recent.remove(at: i)
            recent.insert(entry, at: 0)
            return entry.key
        }

        /// Remembers `bytes` as the most recent array, forgetting the oldest past ``recentLimit``
        /// or a quarter of the byte limit; the faces get what the arrays leave.
        mutating func remember(_ bytes: [UInt8], as key: Key) {
            recent.insert((bytes, key), at: 0)
            recentBytes += MemoryCost.array(bytes)
            fit()
        }

        /// Forgets the oldest arrays past the limits, and gives the faces what the arrays leave.
        mutating func fit() {
            while recent.count > FaceCache.recentLimit || (recentBytes > byteLimit / 4 && !recent.isEmpty) {
                recentBytes -= MemoryCost.array(recent.removeLast().bytes)
            }
            kept.setCostLimit(max(byteLimit - recentBytes, 1))
        }
    }

    /// How many recent byte arrays are remembered by storage.
    static let recentLimit = 4

    /// Whether two arrays share one storage (and so hold the same bytes).
    static func sameStorage(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && a.count > 0
            && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }

    private let state: Locked<State>

    /// An empty cache keeping at most `byteLimit` bytes of faces.
    init(byteLimit: Int) {
        state = Locked(State(kept: LRUCache(countLimit: 1 << 20, costLimit: byteLimit), byteLimit: byteLimit))
    }

    /// The face `faceIndex` of the file at `path`, loading it on first use: as it is when
    /// `sanitizer` is nil or the file is trusted (``TrustedFontFiles``), else through `sanitizer`.
    /// Loading happens outside the lock; if two threads race, the first stored face wins.
    func face(path: String, faceIndex: Int, sanitizer: FontSanitizer?) throws(FontError) -> FontFace {
        let resolved = TrustedFontFiles.resolve(path)
        let trustedKey = Key.file(path: resolved, faceIndex: faceIndex, sanitized: false)
        guard let sanitizer else { return try fileFace(for: trustedKey, path: path, sanitizer: nil) }
        let sanitizedKey = Key.file(path: resolved, faceIndex: faceIndex, sanitized: true)
        if let face = cached(sanitizedKey) { return face }
        if TrustedFontFiles.contains(path, resolved: resolved) {
            return try fileFace(for: trustedKey, path: path, sanitizer: nil)
        }
        return try fileFace(for: sanitizedKey, path: path, sanitizer: sanitizer)
    }

    /// The face a collection's catalog describes, loaded as the catalog says (trusted for
    /// bundled and system faces; registered files as they were registered).
    func face(for descriptor: FaceDescriptor) throws(FontError) -> FontFace {
        try face(path: descriptor.path, faceIndex: descriptor.faceIndex, sanitizer: descriptor.sanitizer)
    }

    /// The face `faceIndex` of font bytes held in memory: the face already made from the same
    /// bytes (by SHA-256) and face index while it is alive, else a new one, made as
    /// ``FontFace/load(data:faceIndex:path:sanitizer:digest:)`` makes it. Only faces trusted or
    /// sanitized by ``FontSanitizer/shared`` are shared: a sanitizer of one's own (other limits,
    /// another tool, or none) sanitizes its bytes itself.
    func face(data: [UInt8], faceIndex: Int, sanitizer: FontSanitizer?) throws(FontError) -> FontFace {
        guard sanitizer == nil || sanitizer === FontSanitizer.shared else {
            return try FontFace.load(data: data, faceIndex: faceIndex, path: nil, sanitizer: sanitizer)
        }
        let sanitized = sanitizer != nil
        if let key = state.withLock({ $0.recentKey(of: data, faceIndex: faceIndex, sanitized: sanitized) }),
            let face = cached(key)
        {
            return face
        }
        let digest = SHA256Digest(of: data)
        let key = Key.bytes(digest: digest, faceIndex: faceIndex, sanitized: sanitized)
        let face: FontFace
        if let known = cached(key) {
            face = known
        } else {
            let loaded = try FontFace.load(
                data: data, faceIndex: faceIndex, path: nil, sanitizer: sanitizer, digest: digest)
            face = store(loaded, for: key)
        }
        state.withLock { $0.remember(data, as: key) }
        return face
    }

    private func fileFace(for key: Key, path: String, sanitizer: FontSanitizer?) throws(FontError) -> FontFace {
        if let face = cached(key) { return face }
        guard case .file(_, let faceIndex, _) = key else { preconditionFailure("a file face needs a file key") }
        // A trusted file is mapped, not copied (FontBytes); an untrusted one is read, and only
        // the sanitizer's output is kept.
        let loaded =
            if let sanitizer {
                try FontFace.load(
                    data: FontFileReader.read(path: path), faceIndex: faceIndex, path: path, sanitizer: sanitizer)
            } else {
                try FontFace.load(trusted: FontFileReader.map(path: path), faceIndex: faceIndex, path: path)
            }
        return store(loaded, for: key)
    }

    /// The face kept or still alive for `key`, made the most recently used.
    private func cached(_ key: Key) -> FontFace? {
        state.withLock { state -> FontFace? in
            if let face = state.kept.value(for: key) { return face }
            guard let face = state.alive[key]?.face else { return nil }
            state.kept.insert(face, for: key, cost: face.estimatedBytes)
            return face
        }
    }

    /// Keeps `face` for `key`, unless another thread stored a face for it first (then that one).
    private func store(_ face: FontFace, for key: Key) -> FontFace {
        state.withLock { state -> FontFace in
            if let existing = state.alive[key]?.face {
                state.kept.insert(existing, for: key, cost: existing.estimatedBytes)
                return existing
            }
            state.kept.insert(face, for: key, cost: face.estimatedBytes)
            state.alive[key] = WeakFace(face)
            if state.alive.count >= state.sweepAt {
                state.alive = state.alive.filter { $0.value.face != nil }
                state.sweepAt = max(256, state.alive.count * 2)
            }
            return face
        }
    }

    /// The bytes of the faces kept, and how many.
    var accounted: (bytes: Int, entries: Int) {
        state.withLock { ($0.kept.totalCost + $0.recentBytes, $0.kept.count + $0.recent.count) }
    }

    /// Sets the most bytes of faces kept, evicting the least recently used at once.
    func setByteLimit(_ bytes: Int) {
        state.withLock { state in
            state.byteLimit = max(bytes, 1)
            state.fit()
        }
    }

    /// Lets go of every face kept (faces still held elsewhere stay known by weak reference).
    func removeAll() {
        let dropped = state.withLock { state -> [FontFace] in
            let faces = state.kept.values
            state.kept.removeAll()
            state.recent = []
            state.recentBytes = 0
            state.alive = state.alive.filter { $0.value.face != nil }
            return faces
        }
        // Freed here, outside the lock.
        _ = dropped
    }

    /// Whether the face with ``FontFace/id`` `faceID` is among the faces kept (for tests).
    func keeps(faceID: UInt64) -> Bool {
        state.withLock { $0.kept.values.contains { $0.id == faceID } }
    }
}
