// FontFace: the shared, size-independent part of a font — the file's bytes, HarfBuzz objects,
// names, style and metrics in font units. Every Font at any size points at one FontFace.

import CFreeType
import CHarfBuzz
import GalleySync
import Synchronization

/// The shared, size-independent part of a font: one face of one font file.
///
/// Thread-safety invariant (why `@unchecked Sendable` is sound): every stored property is a `let`
/// set once in `init`. The HarfBuzz face and font are made immutable (`hb_face_make_immutable`,
/// `hb_font_make_immutable`) before `init` returns and use HarfBuzz's own OpenType font functions,
/// which are documented thread-safe on immutable objects; nothing ever mutates them, and they are
/// destroyed only in `deinit`. Shapers may therefore use `hbFont` from many threads at once. The one
/// mutable part, the cache of variable-font instances, is behind a lock (`Locked`).
@usableFromInline
package final class FontFace: @unchecked Sendable {
    /// `hb_font_t*` using `hb_ot_font_set_funcs`, scale = (unitsPerEm, unitsPerEm), immutable.
    /// Positions it returns are in font units; scale them by `size / unitsPerEm`.
    package let hbFont: OpaquePointer
    /// `hb_face_t*` for this face, immutable.
    package let hbFace: OpaquePointer
    /// The whole file's bytes (all faces of a collection), mapped or a private copy
    /// (``FontBytes``), so the renderer can open its own `FT_Face` on them.
    package let data: FontBytes
    /// The face's index within ``data`` (0 unless the data is a `.ttc` collection).
    package let faceIndex: Int
    /// The face's index within the file or bytes it was loaded from: ``faceIndex``, except for a
    /// face of a collection that was sanitized or decoded from WOFF2 on its own (then ``data``
    /// holds that face alone, at index 0).
    package let sourceFaceIndex: Int
    /// The file the face was loaded from; nil for fonts made from bytes.
    package let path: String?
    /// Whether ``data`` is the sanitizer's output rather than the file's or caller's own bytes.
    package let isSanitized: Bool
    /// Font design units per em (`head.unitsPerEm`).
    package let unitsPerEm: Int
    /// The number of glyphs in the face (`maxp.numGlyphs`).
    package let glyphCount: Int
    /// PostScript name (`FT_Get_Postscript_Name`), e.g. `DejaVuSans-Bold`.
    package let postScriptName: String
    /// Family name as FreeType reports it, e.g. `DejaVu Sans`.
    package let familyName: String
    /// Style name as FreeType reports it, e.g. `Bold Oblique`.
    package let styleName: String
    /// `OS/2.usWeightClass` (or 700 / 400 from `head.macStyle` when absent).
    package let weight: Font.Weight
    /// `OS/2.fsSelection` ITALIC or OBLIQUE bit, else `head.macStyle` italic bit.
    package let isItalic: Bool
    /// `OS/2.usWidthClass` as a percentage (normal when absent or out of range).
    package let width: Font.Width
    /// True for colour fonts: CBDT/CBLC, sbix or COLR/CPAL.
    package let hasColorGlyphs: Bool
    /// Line and decoration metrics in font units.
    package let metrics: FaceMetrics
    /// One bit per Basic Multilingual Plane code point that the cmap maps to a real glyph, so the
    /// coverage checks of fallback (one per character laid out) cost a bit test, not a cmap search.
    @usableFromInline let bmpCoverage: [UInt64]
    /// The design axes of a variable font (`fvar`), in table order; empty for other fonts.
    package let variationAxes: [Font.VariationAxis]
    /// The feature tags of the face's `GSUB` and `GPOS` tables (see `layoutFeatureTags(of:)`).
    package let layoutFeatureTags: Set<String>
    /// Instances made by ``instance(for:)``, keyed by their settings.
    let instances = Locked<[[Font.Variation]: FontInstance]>([:])
    /// A number no other face of the process has or will have: the key under which the caches
    /// keep what they know of this face without holding it alive (an `ObjectIdentifier` can be
    /// reused by a face made after this one is freed; this cannot).
    package let id: UInt64
    /// The next ``id``.
    private static let nextID = Atomic<UInt64>(1)

    /// The heap bytes this face holds, for the face cache's budget: the bytes when they are a
    /// private copy (a mapped file's pages are the page cache's, shared, so they count nothing;
    /// HarfBuzz reads either in place), the coverage bitset, and about 4 KiB of HarfBuzz face
    /// and font objects and table caches.
    package var estimatedBytes: Int {
        (data.isMapped ? 0 : MemoryCost.block(data.count)) + MemoryCost.array(bmpCoverage) + 4096
    }

    /// Loads face `faceIndex` of a font file's bytes, as they are (see ``load(data:faceIndex:path:sanitizer:)``
    /// for bytes that are not trusted). `path` is used for error messages and for `FontFace.path`;
    /// pass nil for in-memory fonts (errors then name `"<memory>"`). `isSanitized` records that
    /// the bytes are the sanitizer's output; `sourceFaceIndex` is the face's index in the original
    /// file when `data` holds that face alone (nil: `faceIndex`).
    package convenience init(
        data: [UInt8], faceIndex: Int, path: String?, isSanitized: Bool = false, sourceFaceIndex: Int? = nil
    ) throws(FontError) {
        try self.init(
            bytes: FontBytes(copying: data), faceIndex: faceIndex, path: path, isSanitized: isSanitized,
            sourceFaceIndex: sourceFaceIndex)
    }

    /// Loads face `faceIndex` of `bytes` (a mapped file or a private copy), as they are; HarfBuzz
    /// reads them in place. The other parameters are as for ``init(data:faceIndex:path:isSanitized:sourceFaceIndex:)``.
    package init(
        bytes data: FontBytes, faceIndex: Int, path: String?, isSanitized: Bool = false, sourceFaceIndex: Int? = nil
    ) throws(FontError) {
        let errorPath = path ?? "<memory>"
        guard let faceCount = SFNTDirectory.faceCount(of: data) else {
            throw .notAFont(path: errorPath)
        }
        guard faceIndex >= 0, faceIndex < faceCount else {
            throw .faceIndexOutOfRange(path: errorPath, index: faceIndex, faceCount: faceCount)
        }
        guard let directory = SFNTDirectory(bytes: data, faceIndex: faceIndex),
            let names = FreeTypeNames.read(data: data, faceIndex: faceIndex)
        else {
            throw .notAFont(path: errorPath)
        }

        // HarfBuzz takes the length as 32 bits: a file of 4 GiB or more is not a font it can read.
        guard data.count <= Int(UInt32.max) else { throw .notAFont(path: errorPath) }
        // HarfBuzz reads the bytes in place (HB_MEMORY_MODE_READONLY); its blob holds a reference
        // to them, released by the blob's destroy callback, so they outlive every HarfBuzz object.
        let owner = Unmanaged.passRetained(data).toOpaque()
        let blob: OpaquePointer? = hb_blob_create(
            data.base.assumingMemoryBound(to: CChar.self), UInt32(data.count), HB_MEMORY_MODE_READONLY, owner
        ) { owner in
            if let owner { Unmanaged<FontBytes>.fromOpaque(owner).release() }
        }
        guard let blob else { throw .notAFont(path: errorPath) }
        defer { hb_blob_destroy(blob) }
        guard let hbFace = hb_face_create(blob, UInt32(faceIndex)) else { throw .notAFont(path: errorPath) }
        let glyphCount = Int(hb_face_get_glyph_count(hbFace))
        guard glyphCount > 0, let hbFont = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            throw .notAFont(path: errorPath)
        }
        hb_face_make_immutable(hbFace)
        layoutFeatureTags = FontFace.layoutFeatureTags(of: hbFace)
        let upem = Int(hb_face_get_upem(hbFace))
        hb_ot_font_set_funcs(hbFont)
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        hb_font_make_immutable(hbFont)

        self.hbFace = hbFace
        self.hbFont = hbFont
        self.data = data
        self.faceIndex = faceIndex
        self.sourceFaceIndex = sourceFaceIndex ?? faceIndex
        self.path = path
        self.isSanitized = isSanitized
        self.unitsPerEm = upem
        self.glyphCount = glyphCount
        self.postScriptName = names.postScriptName
        self.familyName = names.familyName
        self.styleName = names.styleName
        self.hasColorGlyphs =
            names.hasColor
            || hb_ot_color_has_png(hbFace) != 0 || hb_ot_color_has_layers(hbFace) != 0

        let head = directory.table("head", in: data)
        let os2 = directory.table("OS/2", in: data)
        let macStyle = head?.uint16(at: 44) ?? 0
        if let weightClass = os2?.uint16(at: 4), weightClass > 0 {
            // Some old fonts use 1...9 for 100...900 (fontconfig reads them the same way).
            self.weight = Font.Weight(rawValue: weightClass < 10 ? Int(weightClass) * 100 : Int(weightClass))
        } else {
            self.weight = macStyle & 1 != 0 ? .bold : .regular
        }
        self.width = os2?.uint16(at: 6).flatMap { Font.Width(widthClass: Int($0)) } ?? .normal
        if let fsSelection = os2?.uint16(at: 62) {
            self.isItalic = fsSelection & 0x0001 != 0 || fsSelection & 0x0200 != 0
        } else {
            self.isItalic = macStyle & 2 != 0
        }
        self.metrics = FaceMetrics(hbFont: hbFont, head: head)
        self.bmpCoverage = FontFace.bmpCoverage(of: hbFace, font: hbFont)
        self.variationAxes = FontFace.variationAxes(of: hbFace)
        self.id = FontFace.nextID.add(1, ordering: .relaxed).oldValue
    }

    /// The BMP coverage bitset: every code point HarfBuzz collects from the cmap whose nominal
    /// glyph is not .notdef.
    private static func bmpCoverage(of face: OpaquePointer, font: OpaquePointer) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: 1024)
        guard let set = hb_set_create() else { return bits }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var codepoint: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        var glyph: hb_codepoint_t = 0
        while hb_set_next(set, &codepoint) != 0, codepoint < 0x10000 {
            if hb_font_get_nominal_glyph(font, codepoint, &glyph) != 0, glyph != 0 {
                bits[Int(codepoint >> 6)] |= 1 << UInt64(codepoint & 63)
            }
        }
        return bits
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// The nominal glyph for `scalar` from the cmap, or nil if the face lacks it.
    @usableFromInline
    package func glyph(for scalar: Unicode.Scalar) -> GlyphID? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0, glyph != 0 else { return nil }
        return glyph
    }

    /// Whether the cmap maps `scalar` to a glyph.
    @inlinable
    package func covers(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x10000 { return bmpCoverage[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 }
        return glyph(for: scalar) != nil
    }
}
