// GalleyMemory: the one memory budget of Galley's process-wide caches, split among them, and the
// call that empties them all.

/// The memory Galley's process-wide caches may hold, as one total in bytes, and the call that
/// empties them. CoreText has no public equivalent (its caches are the system's); the nearest is
/// `NSCache.totalCostLimit` or `URLCache.memoryCapacity`, one knob a service sets at start-up.
///
/// The budget is split among the caches in fixed shares (``Cache/share``): glyph images and the
/// FreeType faces that draw them, font faces (each face's bytes, HarfBuzz's copy of them and its
/// coverage table), shaped words, font-fallback answers, hyphenation points, and cairo's font
/// faces for PDF and canvas output, the sanitizer's verdicts, and the pixel memory of ended
/// bitmap canvases. Each cache estimates what its entries hold from the
/// capacities of their arrays and dictionaries, not their counts (``MemoryCost``), and evicts
/// (least recently used first, or all at once for the word-level caches) when a store would pass
/// its share. So the caches together never account more than ``budget`` bytes; the process's
/// resident size is that plus what is in use (texts, frames, bitmaps, the faces callers hold)
/// and the code itself.
///
/// Caches made by the caller (`ShapingCache(capacity:)`, `GlyphRasterizer()`) have their own
/// limits and are not part of the budget. Safe to use from any thread.
public enum GalleyMemory {
    /// The budget when none is set: 128 MiB.
    public static let defaultBudget = 128 << 20

    /// One of the budgeted caches.
    public enum Cache: String, Sendable, CaseIterable {
        /// Rasterised glyph images and the FreeType faces that draw them (GlyphRasterizer.shared).
        case glyphImages
        /// Font faces, from files and from bytes (one per file or content hash and face index).
        case fontFaces
        /// Shaped words (ShapingCache.shared).
        case shapedWords
        /// Font-fallback answers (FontCollection), CJK punctuation trims and font matching.
        case fallback
        /// Hyphenation points of words already seen, per dictionary.
        case hyphenation
        /// cairo font faces for PDF and canvas output.
        case cairoFaces
        /// The pixel memory of bitmap `GraphicsContext`s that have ended, kept to back the next
        /// context of the same size (cleared), so card after card is drawn into pages the process
        /// already has.
        case canvasSurfaces
        /// The sanitizer's verdicts on untrusted font bytes (FontSanitizer.shared): the
        /// sanitized bytes, so the same upload is sanitized once.
        case sanitizedFonts

        /// The part of ``GalleyMemory/budget`` this cache may hold.
        public var share: Double {
            switch self {
            case .glyphImages: return 0.30
            case .fontFaces: return 0.32
            case .shapedWords: return 0.16
            case .fallback: return 0.03
            case .hyphenation: return 0.03
            case .cairoFaces: return 0.06
            case .canvasSurfaces: return 0.05
            case .sanitizedFonts: return 0.05
            }
        }
    }

    /// What one cache holds now.
    public struct Usage: Sendable, Hashable {
        /// The cache.
        public let cache: Cache
        /// The bytes its entries account (an estimate from capacities, see ``GalleyMemory``).
        public let bytes: Int
        /// The bytes it may hold: its share of the budget.
        public let limit: Int
        /// How many entries it holds.
        public let entries: Int
    }

    /// The total bytes the process-wide caches may hold; ``defaultBudget`` until set. Setting it
    /// (to at least 1 MiB) gives each cache its share at once, evicting what no longer fits.
    public static var budget: Int {
        get { registry.withLock { $0.budget } }
        set {
            let caches = registry.withLock { state -> [(Cache, any BudgetedCache)] in
                state.budget = max(newValue, 1 << 20)
                return state.caches
            }
            apply(to: caches)
        }
    }

    /// The bytes `cache` may hold under the current budget (all its instances together: the
    /// fallback share is split evenly between the collection's answers and the CJK trims, the
    /// hyphenation share between the dictionaries loaded).
    public static func limit(of cache: Cache) -> Int {
        Int(Double(budget) * cache.share)
    }

    /// Gives each registered cache its part of its kind's share.
    private static func apply(to caches: [(Cache, any BudgetedCache)]) {
        for kind in Cache.allCases {
            let ofKind = caches.filter { $0.0 == kind }
            for (_, cache) in ofKind { cache.setByteLimit(limit(of: kind) / ofKind.count) }
        }
    }

    /// Empties every process-wide cache (a face still held by a caller stays alive, and is
    /// found again by its file or bytes). Like `NSCache.removeAllObjects` on each of them; a
    /// service can call it on memory pressure.
    public static func trimCaches() {
        for (_, cache) in registry.withLock({ $0.caches }) { cache.removeAll() }
    }

    /// What each kind of cache holds now, every kind listed (0 bytes for caches not used yet).
    public static var usage: [Usage] {
        let caches = registry.withLock { $0.caches }
        return Cache.allCases.map { kind in
            let counts = caches.filter { $0.0 == kind }.map { $0.1.accounted }
            return Usage(
                cache: kind, bytes: counts.reduce(0) { $0 + $1.bytes }, limit: limit(of: kind),
                entries: counts.reduce(0) { $0 + $1.entries })
        }
    }

    /// The bytes all the caches account together (at most ``budget``).
    public static var accountedBytes: Int { usage.reduce(0) { $0 + $1.bytes } }

    /// Adds a process-wide cache to the budget and gives it (and the others of its kind) its
    /// byte limit; returns that limit. Called once by each shared cache when it is made.
    @discardableResult
    package static func register(_ cache: any BudgetedCache, as kind: Cache) -> Int {
        let caches = registry.withLock { state -> [(Cache, any BudgetedCache)] in
            state.caches.append((kind, cache))
            return state.caches
        }
        apply(to: caches)
        return limit(of: kind) / caches.filter { $0.0 == kind }.count
    }

    private struct Registry {
        var budget = GalleyMemory.defaultBudget
        var caches: [(Cache, any BudgetedCache)] = []
    }

    private static let registry = Locked(Registry())
}

/// A cache under ``GalleyMemory``'s budget.
package protocol BudgetedCache: AnyObject, Sendable {
    /// The bytes its entries account, and how many entries it holds.
    var accounted: (bytes: Int, entries: Int) { get }
    /// Sets the most bytes it may hold, evicting at once what no longer fits.
    func setByteLimit(_ bytes: Int)
    /// Drops every entry.
    func removeAll()
}
