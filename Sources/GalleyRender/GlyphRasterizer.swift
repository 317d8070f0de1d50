// FreeType glyph rasterisation: faces opened from font bytes, glyph images cached, all behind the
// rasterizer's lock (one rasterizer per process by default, injectable).
import CFreeType
import GalleyFonts
import GalleySync

/// A rasterised glyph, ready to composite at an integer pixel position.
struct GlyphImage: Sendable {
    /// Offset from the pen's integer pixel to the image's left column.
    let left: Int
    /// Offset from the pen's integer pixel row up to the image's top row (FreeType's `bitmap_top`).
    let top: Int
    let width: Int
    let height: Int
    /// The pixel bytes: one per pixel (coverage) or four (premultiplied RGBA) when `isColor`.
    ///
    /// Stored as a plain array and a flag rather than as a `Pixels` value: Swift keeps the case
    /// of a two-payload enum in spare bits of the payload's pointer, so a cached `.color` array
    /// would be referenced only by a tagged word that LeakSanitizer does not recognise as a
    /// pointer, and every cached colour-emoji bitmap would be reported as leaked at exit.
    let bytes: [UInt8]
    /// Whether `bytes` are RGBA (colour emoji) rather than coverage.
    let isColor: Bool

    /// `.coverage`: one byte per pixel, painted in the run's colour. `.color`: premultiplied
    /// RGBA bytes, painted as they are (colour emoji).
    var pixels: Pixels { isColor ? .color(bytes) : .coverage(bytes) }

    enum Pixels: Sendable {
        case coverage([UInt8])
        case color([UInt8])
    }

    init(left: Int, top: Int, width: Int, height: Int, pixels: Pixels) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        switch pixels {
        case .coverage(let bytes): (self.bytes, isColor) = (bytes, false)
        case .color(let bytes): (self.bytes, isColor) = (bytes, true)
        }
    }

    /// The heap bytes the image holds in the cache: its pixel array by capacity, the image
    /// itself and its key in the cache's node and dictionary (about 200 bytes).
    var byteCount: Int { MemoryCost.array(bytes) + 200 }
}

/// Rasterises glyphs with FreeType: anti-aliased grayscale or monochrome (``Renderer/Antialiasing``),
/// hinted as asked (``Renderer/Hinting``),
/// with synthetic bold and oblique applied to the outline, at fractional pen positions (quantised to
/// 1/4 pixel on each axis); colour bitmap fonts (CBDT/sbix, e.g. Noto Color Emoji) through their
/// nearest strike scaled to the requested size. Variable fonts are drawn at the font's instance:
/// its design coordinates are set on the face (`FT_Set_Var_Design_Coordinates`) before a glyph is
/// loaded. The glyph cache key holds the face, the design coordinates, glyph, size, both phases,
/// the hinting and anti-aliasing modes, the synthetic traits and the `GlyphStyle` (obliqueness shear, stroke radius).
///
/// One `FT_Library` and every `FT_Face` live inside a lock (`Locked`), since FreeType objects are not
/// thread-safe: all FreeType calls happen while holding it. Faces are opened from
/// `FontFace.data` with `FT_New_Memory_Face`, reading the face's bytes in place (mapped or a
/// private copy, ``FontBytes``, which the open face holds). The faces are keyed by
/// ``FontFace/id`` and do not hold the Galley face: a face freed by its callers leaves its
/// FreeType face (and its bytes) here until evicted. Bounded caches: at most
/// `faceLimit` faces and `glyphLimit` glyph images, and one byte limit for both (``byteLimit``:
/// ``GalleyMemory``'s ``GalleyMemory/Cache/glyphImages`` share for ``shared``, 64 MiB for a
/// rasterizer of one's own). A FreeType face costs its private bytes (none when mapped) plus an estimated
/// 32 KiB of FreeType's own tables; the faces may take up to 3/4 of the limit (least recently
/// used closed first, with their glyphs), and the glyph images the rest (least recently used
/// evicted first, an `LRUCache`; an image costs its pixel array's capacity plus 200 bytes).
///
/// A rasterizer is injectable: ``Renderer`` and ``SVGWriter`` take one, ``shared`` by default. All
/// work of one rasterizer is serialised by its lock, so a service that draws from several thread
/// pools can give each pool its own rasterizer (each with its own `FT_Library`, faces and
/// caches) and they never wait for each other. CoreText has no equivalent: its glyph caches are
/// hidden.
public final class GlyphRasterizer: Sendable, BudgetedCache {
    /// The process-wide rasterizer: the default of every ``Renderer`` and ``SVGWriter``, not a
    /// requirement. Under ``GalleyMemory``'s budget.
    public static let shared: GlyphRasterizer = {
        let rasterizer = GlyphRasterizer()
        rasterizer.setByteLimit(GalleyMemory.register(rasterizer, as: .glyphImages))
        return rasterizer
    }()

    static let faceLimit = 32
    static let glyphLimit = 8192
    /// The byte limit of a rasterizer of one's own (faces and glyph images together).
    static let defaultByteLimit = 64 << 20
    /// Glyphs larger than this many pixels per em are not drawn (a bitmap of that size is 16 MB).
    static let maximumPixelSize = 4096.0
    /// Fractional pen positions are quantised to 1 / subpixelSteps pixel.
    static let subpixelSteps = 4

    struct GlyphKey: Hashable {
        /// The face's ``FontFace/id``.
        let face: UInt64
        /// The variable-font instance: ``designCoordinates(of:)``, empty for the default instance.
        let coordinates: [Int]
        let glyph: GlyphID
        /// The pixel size in 1/64 pixel.
        let ppem64: Int
        let phaseX: Int
        let phaseY: Int
        let hinting: Renderer.Hinting
        let antialiasing: Renderer.Antialiasing
        let traits: Font.SyntheticTraits
        let style: GlyphStyle
    }

    /// How an outline is changed beyond the font's synthetic traits: sheared for the
    /// obliqueness attribute, or stroked for the stroke attribute.
    struct GlyphStyle: Hashable, Sendable {
        /// The horizontal shear x += shear · y about the glyph origin, in 1/65536 (16.16 fixed).
        var shear: Int = 0
        /// The stroke's radius (half its width) in 1/64 pixel; 0 renders the filled glyph.
        var strokeRadius64: Int = 0
        /// The horizontal scale x *= xScale / 65536 about the glyph origin (16.16 fixed), for
        /// UIKit's `NSExpansionAttributeName` (e^expansion); 65536 leaves the glyph as it is.
        var xScale: Int = 0x10000
        /// Turned 90° clockwise about the glyph origin (a rotated run in a vertical line).
        var rotated = false

        /// The filled, unsheared glyph.
        static let plain = GlyphStyle()
    }

    /// One glyph to rasterise: its id and subpixel phases (0 ..< subpixelSteps).
    struct Request {
        let glyph: GlyphID
        let phaseX: Int
        let phaseY: Int
    }

    let state: Locked<State>

    /// A rasterizer of its own: empty caches, its FreeType library opened on first use.
    public init() {
        state = Locked(State())
    }

    /// A font's variable-font instance as FreeType design coordinates (16.16 fixed, one per `fvar`
    /// axis in axis order); empty for the default instance and for fonts that are not variable.
    static func designCoordinates(of font: Font) -> [Int] {
        font.variationCoordinates.map { Int(($0 * 65536).rounded()) }
    }

    /// Rasterises `requests` for `font`'s face at `pixelSize` pixels per em, at the variable-font
    /// instance `coordinates` (``designCoordinates(of:)``), hinted as `hinting` says, grey or
    /// monochrome as `antialiasing` says (colour fonts stay grey), and with `traits` synthesized.
    /// Nil entries for glyphs FreeType cannot load, or for all of them when
    /// the face cannot be opened.
    func images(
        for face: FontFace, coordinates: [Int] = [], pixelSize: Double, hinting: Renderer.Hinting = .none,
        antialiasing: Renderer.Antialiasing = .gray, traits: Font.SyntheticTraits = [], style: GlyphStyle = .plain,
        requests: [Request]
    ) -> [GlyphImage?] {
        guard pixelSize.isFinite, pixelSize >= 1.0 / 64, pixelSize <= GlyphRasterizer.maximumPixelSize else {
            return Array(repeating: nil, count: requests.count)
        }
        let ppem64 = Int((pixelSize * 64).rounded())
        return state.withLock { state -> [GlyphImage?] in
            guard let entry = state.face(for: face), entry.select(coordinates: coordinates) else {
                return Array(repeating: nil, count: requests.count)
            }
            var out: [GlyphImage?] = []
            out.reserveCapacity(requests.count)
            for r in requests {
                let key = GlyphKey(
                    face: face.id, coordinates: coordinates, glyph: r.glyph, ppem64: ppem64,
                    phaseX: r.phaseX, phaseY: r.phaseY, hinting: hinting, antialiasing: antialiasing,
                    traits: traits, style: style)
                if let cached = state.glyphs.value(for: key) {
                    out.append(cached)
                    continue
                }
                let image = entry.render(
                    glyph: r.glyph, ppem64: ppem64, phaseX: r.phaseX, phaseY: r.phaseY,
                    hinting: hinting, antialiasing: antialiasing, traits: traits, style: style)
                if let image { state.keep(image, for: key) }
                out.append(image)
            }
            return out
        }
    }

    /// The bytes the faces and glyph images account, and how many there are.
    package var accounted: (bytes: Int, entries: Int) {
        state.withLock { ($0.faceBytes + $0.glyphs.totalCost, $0.faces.count + $0.glyphs.count) }
    }

    /// The most bytes of faces and glyph images kept.
    public var byteLimit: Int { state.withLock { $0.byteLimit } }

    /// Sets ``byteLimit``, closing faces and evicting glyph images at once until they fit.
    package func setByteLimit(_ bytes: Int) {
        state.withLock { state in
            state.byteLimit = max(bytes, 1)
            state.fit(adding: 0, keeping: nil)
        }
    }

    /// Whether the face with ``FontFace/id`` `faceID` is open or has glyph images kept (for tests).
    func holdsFace(_ faceID: UInt64) -> Bool {
        state.withLock { state in
            state.faces[faceID] != nil || state.glyphs.keysByRecency.contains { $0.face == faceID }
        }
    }

    /// Closes every face and forgets every glyph image.
    package func removeAll() {
        state.withLock { state in
            state.faces = [:]
            state.faceBytes = 0
            state.glyphs.removeAll()
        }
    }

    /// Everything FreeType, guarded by the mutex.
    struct State: ~Copyable {
        var library: Library?
        var libraryFailed = false
        /// The open faces by ``FontFace/id``.
        var faces: [UInt64: FaceEntry] = [:]
        /// The sum of the faces' ``FaceEntry/cost``.
        var faceBytes = 0
        var byteLimit = GlyphRasterizer.defaultByteLimit
        var clock = 0
        var glyphs = LRUCache<GlyphKey, GlyphImage>(
            countLimit: GlyphRasterizer.glyphLimit, costLimit: GlyphRasterizer.defaultByteLimit)

        mutating func face(for fontFace: FontFace) -> FaceEntry? {
            clock += 1
            if let entry = faces[fontFace.id] {
                entry.lastUse = clock
                return entry
            }
            if library == nil, !libraryFailed {
                library = Library()
                libraryFailed = library == nil
            }
            guard let library else { return nil }
            guard let entry = FaceEntry(library: library, fontFace: fontFace) else { return nil }
            fit(adding: entry.cost, keeping: nil)
            entry.lastUse = clock
            faces[fontFace.id] = entry
            faceBytes += entry.cost
            glyphs.setCostLimit(max(byteLimit - faceBytes, 1))
            return entry
        }

        /// Closes the least recently used faces (not `keeping`) until `adding` more bytes of
        /// faces fit in 3/4 of the limit and at most `faceLimit - 1` faces are open when adding,
        /// then gives the glyph images what the faces leave.
        mutating func fit(adding: Int, keeping: UInt64?) {
            let faceLimit = byteLimit / 4 * 3
            while !faces.isEmpty,
                faceBytes + adding > faceLimit || (adding > 0 && faces.count >= GlyphRasterizer.faceLimit),
                let oldest = faces.filter({ $0.key != keeping }).min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                faces[oldest.key] = nil
                faceBytes -= oldest.value.cost
                glyphs.removeAll { $0.face == oldest.key }
            }
            glyphs.setCostLimit(max(byteLimit - faceBytes - adding, 1))
        }

        /// Keeps `image`, evicting the least recently used images until it fits.
        mutating func keep(_ image: GlyphImage, for key: GlyphKey) {
            glyphs.insert(image, for: key, cost: image.byteCount)
        }
    }

    /// An `FT_Library`; each face holds its library, so the library is freed after its last face.
    final class Library {
        let library: FT_Library

        init?() {
            var lib: FT_Library?
            guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
            library = lib
        }

        deinit {
            FT_Done_FreeType(library)
        }
    }

    /// An open `FT_Face` and the bytes it reads. Used only under the rasterizer's lock.
    final class FaceEntry {
        let library: Library
        let face: FT_Face
        /// The bytes FreeType reads in place (mapped or a private copy, never written), held for
        /// as long as the face is open; the Galley face itself is not held.
        let bytes: FontBytes
        let scalable: Bool
        let hasColor: Bool
        var lastUse = 0
        /// The bytes the face holds: the font's bytes when they are a private copy (a mapping is
        /// the page cache's, shared) and about 32 KiB of FreeType's own objects and tables.
        var cost: Int { (bytes.isMapped ? 0 : MemoryCost.block(bytes.count)) + 32 << 10 }
        /// The size last set on the face: a ppem in 1/64 pixel, or −(strike index + 1); Int.min for none.
        private var currentPPEM64 = Int.min
        /// The design coordinates last set on the face; empty for the default instance.
        private var currentCoordinates: [Int] = []

        init?(library: Library, fontFace: FontFace) {
            let data = fontFace.data
            guard !data.isEmpty else { return nil }
            var face: FT_Face?
            let error = FT_New_Memory_Face(
                library.library, data.base.assumingMemoryBound(to: UInt8.self), FT_Long(data.count),
                FT_Long(fontFace.faceIndex), &face)
            guard error == 0, let face else { return nil }
            self.bytes = data
            self.library = library
            self.face = face
            self.scalable = galley_ft_is_scalable(face) != 0
            self.hasColor = galley_ft_has_color(face) != 0
        }

        deinit {
            FT_Done_Face(face)
        }

        /// Puts the face at the variable-font instance `coordinates` (16.16 design coordinates in
        /// `fvar` axis order; empty for the default instance) unless it is already there. False
        /// when FreeType refuses them. The size is set again afterwards, since a new instance
        /// changes the scaled metrics FreeType keeps for it.
        func select(coordinates: [Int]) -> Bool {
            guard coordinates != currentCoordinates else { return true }
            var fixed = coordinates.map { FT_Fixed($0) }
            let error =
                fixed.isEmpty
                ? FT_Set_Var_Design_Coordinates(face, 0, nil)
                : fixed.withUnsafeMutableBufferPointer {
                    FT_Set_Var_Design_Coordinates(face, FT_UInt($0.count), $0.baseAddress)
                }
            guard error == 0 else { return false }
            currentCoordinates = coordinates
            currentPPEM64 = Int.min
            return true
        }

        /// Renders one glyph at `ppem64 / 64` pixels per em, the pen offset by
        /// (`phaseX`, `phaseY`) quarter pixels (x right, y down) from the integer pixel.
        ///
        /// Outline glyphs are loaded (hinted as `hinting` says), emboldened and slanted for
        /// `traits`, moved to the subpixel phase, then rendered, so synthesis is centred on the
        /// glyph origin and independent of the phase.
        func render(
            glyph: GlyphID, ppem64: Int, phaseX: Int, phaseY: Int,
            hinting: Renderer.Hinting, antialiasing: Renderer.Antialiasing, traits: Font.SyntheticTraits,
            style: GlyphStyle
        ) -> GlyphImage? {
            let steps = Double(GlyphRasterizer.subpixelSteps)
            if scalable {
                if currentPPEM64 != ppem64 {
                    guard FT_Set_Char_Size(face, 0, FT_F26Dot6(ppem64), 72, 72) == 0 else { return nil }
                    currentPPEM64 = ppem64
                }
                // Colour fonts keep grey rendering: their layers are images, not 1-bit masks.
                let mode = hasColor ? Renderer.Antialiasing.gray : antialiasing
                var flags = mode.loadFlags(hinting)
                flags |= hasColor ? FT_Int32(FT_LOAD_COLOR) : FT_Int32(FT_LOAD_NO_BITMAP)
                guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0 else { return nil }
                let slot = face.pointee.glyph!
                if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                    GlyphSynthesis.apply(
                        traits, to: &slot.pointee.outline,
                        strength: FT_Pos(ppem64) / GlyphSynthesis.emboldenDivisor)
                    GlyphSynthesis.scaleHorizontally(&slot.pointee.outline, by: style.xScale)
                    GlyphSynthesis.shear(&slot.pointee.outline, by: style.shear)
                    if style.rotated { GlyphSynthesis.rotateClockwise(&slot.pointee.outline) }
                    // FreeType's y axis points up: a pen lower on the page is a negative delta.
                    FT_Outline_Translate(
                        &slot.pointee.outline, FT_Pos(phaseX * 64 / GlyphRasterizer.subpixelSteps),
                        FT_Pos(-phaseY * 64 / GlyphRasterizer.subpixelSteps))
                    if style.strokeRadius64 > 0 {
                        return GlyphStroker.render(
                            &slot.pointee.outline, radius64: style.strokeRadius64, monochrome: mode == .none,
                            library: library)
                    }
                }
                if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
                    guard FT_Render_Glyph(slot, mode.renderMode) == 0 else { return nil }
                }
                return GlyphImage(slot: slot, scaledBy: nil)
            }
            // A bitmap-only face (CBDT colour emoji): choose a strike, scale it to the size.
            let count = Int(face.pointee.num_fixed_sizes)
            guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
            let wanted = Double(ppem64) / 64
            var best = 0
            var bestPPEM = Double(sizes[0].y_ppem) / 64
            for i in 0..<count {
                let p = Double(sizes[i].y_ppem) / 64
                // The smallest strike at least as big as wanted, else the biggest.
                let better = (p >= wanted && (bestPPEM < wanted || p < bestPPEM)) || (bestPPEM < wanted && p > bestPPEM)
                if better {
                    best = i
                    bestPPEM = p
                }
            }
            let strikeKey = -(best + 1)
            if currentPPEM64 != strikeKey {
                guard FT_Select_Size(face, FT_Int(best)) == 0 else { return nil }
                currentPPEM64 = strikeKey
            }
            let flags = FT_LOAD_COLOR | FT_LOAD_RENDER
            guard FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(flags)) == 0 else { return nil }
            let slot = face.pointee.glyph!
            let strikePPEM = face.pointee.size.map { Double($0.pointee.metrics.y_ppem) } ?? bestPPEM
            guard strikePPEM > 0 else { return nil }
            let factor = wanted / strikePPEM
            return GlyphImage(slot: slot, scaledBy: (factor, Double(phaseX) / steps, Double(phaseY) / steps))
        }
    }
}

extension GlyphImage {
    /// Copies the slot's bitmap; with `scaledBy`, resamples it by `factor` with the pen at
    /// (`dx`, `dy`) pixels (y down) from the integer pen position.
    init?(slot: FT_GlyphSlot, scaledBy: (factor: Double, dx: Double, dy: Double)?) {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        let left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        guard width > 0, rows > 0, let buffer = bitmap.buffer else {
            // A blank glyph (a space): nothing to draw, but worth caching.
            self.init(left: 0, top: 0, width: 0, height: 0, pixels: .coverage([]))
            return
        }
        let pitch = Int(bitmap.pitch)
        func rowStart(_ r: Int) -> UnsafeMutablePointer<UInt8> {
            // A negative pitch means rows go up in memory and `buffer` points to the bottom row.
            pitch >= 0 ? buffer + r * pitch : buffer + (rows - 1 - r) * (-pitch)
        }
        let mode = bitmap.pixel_mode
        var isColor = false
        var samples = [UInt8]()
        switch mode {
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
            samples.reserveCapacity(width * rows)
            let levels = max(Int(bitmap.num_grays) - 1, 1)
            for r in 0..<rows {
                let p = rowStart(r)
                for c in 0..<width {
                    samples.append(levels == 255 ? p[c] : UInt8(min(Int(p[c]) * 255 / levels, 255)))
                }
            }
        case UInt8(FT_PIXEL_MODE_MONO.rawValue):
            samples.reserveCapacity(width * rows)
            for r in 0..<rows {
                let p = rowStart(r)
                for c in 0..<width {
                    samples.append((p[c >> 3] >> (7 - UInt8(c & 7))) & 1 == 1 ? 255 : 0)
                }
            }
        case UInt8(FT_PIXEL_MODE_BGRA.rawValue):
            isColor = true
            samples.reserveCapacity(width * rows * 4)
            for r in 0..<rows {
                let p = rowStart(r)
                for c in 0..<width {
                    samples.append(p[c * 4 + 2]); samples.append(p[c * 4 + 1])
                    samples.append(p[c * 4]); samples.append(p[c * 4 + 3])
                }
            }
        default:
            return nil
        }
        guard let (factor, dx, dy) = scaledBy, abs(factor - 1) > 1e-6 || dx != 0 || dy != 0 else {
            self.init(
                left: left, top: top, width: width, height: rows,
                pixels: isColor ? .color(samples) : .coverage(samples))
            return
        }
        let channels = isColor ? 4 : 1
        let floats = samples.map { Float($0) * (1 / 255) }
        let huge = Int.max / 4
        guard
            let placed = Resampler.resample(
                floats, width: width, height: rows, channels: channels,
                into: dx + Double(left) * factor, dy - Double(top) * factor,
                Double(width) * factor, Double(rows) * factor,
                clipColumns: -huge..<huge, clipRows: -huge..<huge)
        else {
            self.init(left: 0, top: 0, width: 0, height: 0, pixels: .coverage([]))
            return
        }
        let bytes = placed.samples.map { Bitmap.byte($0) }
        self.init(
            left: placed.x, top: -placed.y, width: placed.width, height: placed.height,
            pixels: isColor ? .color(bytes) : .coverage(bytes))
    }
}
