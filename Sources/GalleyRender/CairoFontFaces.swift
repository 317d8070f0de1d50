// FreeType faces for cairo-ft: each font face and variable-font instance opened once for all
// documents (a process-wide cache of the most recently used), on its own FT_Library, and closed
// by cairo when cairo lets go of the font face. cairo 1.16 leaks the FT_MM_Var of every cairo
// face made over a variable font (309 bytes each, inside `cairo_ft_font_face_create_for_ft_face`),
// so making one per document made a long-running PDF writer grow without bound.
import CCairo
import CFreeType
import GalleyFonts
import GalleySync

/// An `FT_Face` (and the `FT_Library` and font bytes it reads) lent to cairo. Cairo locks the
/// face itself while it reads it; the face has a library of its own so that no other FreeType
/// user (the ``GlyphRasterizer``) shares any state with it. Released by the font face's user-data
/// destroy callback, so it lives exactly as long as cairo needs it (cairo keeps font faces in
/// caches after a document is finished).
final class CairoFTFace {
    let library: FT_Library
    let face: FT_Face
    /// The font's bytes, read in place by FreeType (mapped or a private copy, never written).
    let bytes: FontBytes

    /// Opens face `faceIndex` of `data` at the variable-font instance `coordinates` (16.16
    /// design coordinates in `fvar` order; empty for the default instance). Nil when FreeType
    /// cannot open it or refuses the coordinates.
    init?(data bytes: FontBytes, faceIndex: Int, coordinates: [Int]) {
        guard !bytes.isEmpty else { return nil }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        var face: FT_Face?
        guard
            FT_New_Memory_Face(
                lib, bytes.base.assumingMemoryBound(to: UInt8.self), FT_Long(bytes.count), FT_Long(faceIndex), &face)
                == 0,
            let face
        else {
            FT_Done_FreeType(lib)
            return nil
        }
        (library, self.face, self.bytes) = (lib, face, bytes)
        if !coordinates.isEmpty {
            var fixed = coordinates.map { FT_Fixed($0) }
            let error = fixed.withUnsafeMutableBufferPointer {
                FT_Set_Var_Design_Coordinates(face, FT_UInt($0.count), $0.baseAddress)
            }
            guard error == 0 else { return nil }
        }
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}

/// The key under which a cairo font face holds its ``CairoFTFace``.
private nonisolated(unsafe) let faceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// One reference to a cairo font face, dropped (`cairo_font_face_destroy`) when this goes.
final class CairoFontFaceReference: @unchecked Sendable {
    let face: OpaquePointer
    /// The bytes it holds: the FreeType face's copy of the font's bytes and about 48 KiB of
    /// FreeType's and cairo's own objects.
    let cost: Int

    init(_ face: OpaquePointer, cost: Int) { (self.face, self.cost) = (face, cost) }

    deinit { cairo_font_face_destroy(face) }
}

/// The process-wide cache of cairo font faces, least recently used out first, bounded in count
/// (``CairoFontFaces/sharedLimit``) and in bytes (``GalleyMemory``'s
/// ``GalleyMemory/Cache/cairoFaces`` share).
final class CairoFontFaceCache: BudgetedCache {
    let faces: Locked<LRUCache<CairoFontFaces.Key, CairoFontFaceReference>>

    init(countLimit: Int, byteLimit: Int) {
        faces = Locked(LRUCache(countLimit: countLimit, costLimit: byteLimit))
    }

    var accounted: (bytes: Int, entries: Int) { faces.withLock { ($0.totalCost, $0.count) } }

    func setByteLimit(_ bytes: Int) { faces.withLock { $0.setCostLimit(bytes) } }

    func removeAll() { faces.withLock { $0.removeAll() } }
}

/// The cairo font faces of one document: one per face and variable-font instance, taken from a
/// process-wide cache (``shared``) or made on first use, and held until ``release()``.
final class CairoFontFaces {
    struct Key: Hashable, Sendable {
        /// The Galley face's ``FontFace/id`` (never reused, so the entry need not hold the face).
        let face: UInt64
        let coordinates: [Int]
    }

    /// The most recently used cairo faces of every document; an evicted face is destroyed once
    /// no document holds it. (A face FreeType cannot open is not kept.)
    static let shared: CairoFontFaceCache = {
        let cache = CairoFontFaceCache(countLimit: sharedLimit, byteLimit: .max)
        cache.setByteLimit(GalleyMemory.register(cache, as: .cairoFaces))
        return cache
    }()
    /// How many faces and instances ``shared`` keeps.
    static let sharedLimit = 64

    private var faces: [Key: CairoFontFaceReference?] = [:]

    /// The cairo font face for `font` (nil when FreeType cannot open it): a cairo-ft face over
    /// an `FT_Face` at the font's variable-font instance, loading colour glyphs (`FT_LOAD_COLOR`)
    /// when the face has them, unhinted. Synthetic styles are not cairo's: its synthetic bold
    /// makes cairo embed a Type 1C font rebuilt from outlines at a coarse size, and its oblique
    /// slants by 12°; the painter strokes the outlines 1/24 em wide for bold (FreeType's
    /// `FT_Outline_Embolden` strength, as the bitmap renderer's) and shears the font matrix by
    /// the renderer's 0.2 for oblique.
    func fontFace(for font: Font) -> OpaquePointer? {
        let coordinates = GlyphRasterizer.designCoordinates(of: font)
        let key = Key(face: font.face.id, coordinates: coordinates)
        if let held = faces[key] { return held?.face }
        let reference = Self.shared.faces.withLock { cache -> CairoFontFaceReference? in
            if let cached = cache.value(for: key) { return cached }
            guard let made = Self.make(font.face, coordinates: coordinates) else { return nil }
            let reference = CairoFontFaceReference(made, cost: MemoryCost.block(font.face.data.count) + 48 << 10)
            cache.insert(reference, for: key, cost: reference.cost)
            return reference
        }
        faces[key] = reference
        return reference?.face
    }

    /// Drops this document's hold on its faces (the shared cache and cairo may keep them).
    func release() {
        faces = [:]
    }

    deinit { release() }

    private static func make(_ fontFace: FontFace, coordinates: [Int]) -> OpaquePointer? {
        guard let ft = CairoFTFace(data: fontFace.data, faceIndex: fontFace.faceIndex, coordinates: coordinates)
        else { return nil }
        var flags = Int32(FT_LOAD_NO_HINTING)
        if galley_ft_has_color(ft.face) != 0 { flags |= Int32(FT_LOAD_COLOR) }
        guard let face = cairo_ft_font_face_create_for_ft_face(ft.face, flags) else { return nil }
        let box = Unmanaged.passRetained(ft).toOpaque()
        let status = cairo_font_face_set_user_data(face, faceKey, box) { pointer in
            guard let pointer else { return }
            Unmanaged<CairoFTFace>.fromOpaque(pointer).release()
        }
        guard status == CAIRO_STATUS_SUCCESS, cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            if status != CAIRO_STATUS_SUCCESS { Unmanaged<CairoFTFace>.fromOpaque(box).release() }
            cairo_font_face_destroy(face)
            return nil
        }
        return face
    }
}
