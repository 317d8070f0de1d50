// FreeType faces for cairo-ft: each font face and variable-font instance opened once per document,
// on its own FT_Library, and closed by cairo when cairo lets go of the font face.
import CCairo
import CFreeType
import GalleyFonts

/// An `FT_Face` (and the `FT_Library` and font bytes it reads) lent to cairo. Cairo locks the
/// face itself while it reads it; the face has a library of its own so that no other FreeType
/// user (the ``GlyphRasterizer``) shares any state with it. Released by the font face's user-data
/// destroy callback, so it lives exactly as long as cairo needs it (cairo keeps font faces in
/// caches after a document is finished).
final class CairoFTFace {
    let library: FT_Library
    let face: FT_Face
    let bytes: UnsafeMutableBufferPointer<UInt8>

    /// Opens face `faceIndex` of `data` at the variable-font instance `coordinates` (16.16
    /// design coordinates in `fvar` order; empty for the default instance). Nil when FreeType
    /// cannot open it or refuses the coordinates.
    init?(data: [UInt8], faceIndex: Int, coordinates: [Int]) {
        guard !data.isEmpty else { return nil }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: data.count)
        _ = bytes.initialize(from: data)
        var face: FT_Face?
        guard FT_New_Memory_Face(lib, bytes.baseAddress, FT_Long(bytes.count), FT_Long(faceIndex), &face) == 0,
            let face
        else {
            bytes.deallocate()
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
        bytes.deallocate()
    }
}

/// The key under which a cairo font face holds its ``CairoFTFace``.
private nonisolated(unsafe) let faceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// The cairo font faces of one document: one per face and variable-font instance, made on first use and released (one reference each) by ``release()``.
final class CairoFontFaces {
    struct Key: Hashable {
        let face: ObjectIdentifier
        let coordinates: [Int]
    }

    /// The faces are held so that their identifiers stay unique while cached.
    private var held: [ObjectIdentifier: FontFace] = [:]
    private var faces: [Key: OpaquePointer?] = [:]

    /// The cairo font face for `font` (nil when FreeType cannot open it): a cairo-ft face over
    /// an `FT_Face` at the font's variable-font instance, loading colour glyphs (`FT_LOAD_COLOR`)
    /// when the face has them, unhinted. Synthetic styles are not cairo's: its synthetic bold
    /// makes cairo embed a Type 1C font rebuilt from outlines at a coarse size, and its oblique
    /// slants by 12°; the painter strokes the outlines 1/24 em wide for bold (FreeType's
    /// `FT_Outline_Embolden` strength, as the bitmap renderer's) and shears the font matrix by
    /// the renderer's 0.2 for oblique.
    func fontFace(for font: Font) -> OpaquePointer? {
        let coordinates = GlyphRasterizer.designCoordinates(of: font)
        let key = Key(face: ObjectIdentifier(font.face), coordinates: coordinates)
        if let cached = faces[key] { return cached }
        held[key.face] = font.face
        let made = Self.make(font.face, coordinates: coordinates)
        faces[key] = made
        return made
    }

    /// Drops this document's reference to every face (cairo may keep its own for a while).
    func release() {
        for case let face? in faces.values { cairo_font_face_destroy(face) }
        faces = [:]
        held = [:]
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
