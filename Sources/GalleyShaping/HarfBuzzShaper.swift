// Shapes one item with HarfBuzz: the item's text plus its paragraph as context, the item's font,
// direction, script and language. The only file of this stage that talks to HarfBuzz.
import CHarfBuzz
import Foundation
import GalleyFonts
import GalleySync
import GalleyText
import GalleyUnicode

/// What to shape: a range of a paragraph and how.
package struct ShapingRequest: Sendable {
    /// The whole text's UTF-16 code units.
    package let text: [UInt16]
    /// The paragraph's content (context for HarfBuzz; shaping never looks past it).
    package let context: Range<Int>
    /// The code units to shape, inside `context`.
    package let range: Range<Int>
    /// The font to shape with (after fallback).
    package let font: Font
    /// Whether the range is shaped right to left (an odd bidi level).
    package let rightToLeft: Bool
    /// ISO 15924 code ("Latn", "Arab"); "Zyyy" or "Zinh" lets HarfBuzz guess.
    package let script: String
    /// BCP 47 language tag, or nil for HarfBuzz's default.
    package let language: String?
    /// Extra advance after each cluster (`TextSpacing.extraAdvance`: the tracking, else the kern), in points.
    package let kern: CGFloat
    /// OpenType features to apply to the whole range.
    package let features: [ShapingFeature]
    /// A case change applied to the text before shaping (the text-transform attribute), or nil.
    package let transform: CaseChange?
    /// Invisible characters shaped as visible stand-ins (the show attribute; see `DisplayText`).
    package let show: ShowFlags
    /// The horizontal expansion factor (e^`NSExpansionAttributeName`; 1 for none): HarfBuzz's
    /// advances and x offsets are multiplied by it, before the kern is added.
    package var expansion: CGFloat = 1
    /// How the glyphs stand on their line. `.upright` shapes the range with HarfBuzz's
    /// direction TTB (so the font's `vert`/`vrt2` vertical alternates apply, and advances and
    /// origins come from its `vhea`/`vmtx`/`VORG`, or HarfBuzz's synthesised fallback), and
    /// `rightToLeft` is ignored: each glyph's `advance` is then its extent down the line
    /// (HarfBuzz's −y_advance, positive), its offset HarfBuzz's (x_offset, y_offset), relative to
    /// the vertical pen (the top centre of the glyph's em box), like Pango's gravity south /
    /// CoreText's vertical forms. `.horizontal` and `.sideways` (a vertical line's glyphs turned
    /// a quarter after shaping) shape left to right or right to left.
    package var orientation: GlyphOrientation = .horizontal

    /// A request to shape `range` of `text` within `context`; see the properties.
    package init(
        text: [UInt16], context: Range<Int>, range: Range<Int>, font: Font, rightToLeft: Bool,
        script: String, language: String?, kern: CGFloat, features: [ShapingFeature] = [],
        transform: CaseChange? = nil, show: ShowFlags = []
    ) {
        self.features = features
        self.transform = transform
        self.show = show
        self.text = text
        self.context = context
        self.range = range
        self.font = font
        self.rightToLeft = rightToLeft
        self.script = script
        self.language = language
        self.kern = kern
    }
}

/// One glyph as HarfBuzz positioned it, scaled to points.
package struct ShapedGlyph: Sendable, Equatable {
    /// The glyph id in the item's font.
    package var id: GlyphID
    /// The UTF-16 offset of the first code unit of the glyph's cluster, counted from the start of
    /// the shaping context (the paragraph's content), so a paragraph moved by an edit keeps its
    /// glyphs as they are.
    package var cluster: Int32
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: breaking the line before this glyph's cluster
    /// would change the shaping on either side, so the pieces must be shaped again.
    package var unsafeToBreak: Bool {
        get { flags & 1 != 0 }
        set { flags = newValue ? flags | 1 : flags & ~1 }
    }
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_CONCAT: changing the text on one side of this glyph's
    /// cluster start may change the shaping of the other side. Where it is clear (and the other
    /// piece's start is clear too), the text after the cluster start may be shaped again alone and
    /// joined to the glyphs before it (a hyphen added at a line break, `ShapedItem.hyphenated`).
    /// Always set where `unsafeToBreak` is; false for glyphs HarfBuzz did not make.
    package var unsafeToConcat: Bool {
        get { flags & 2 != 0 }
        set { flags = newValue ? flags | 2 : flags & ~2 }
    }
    /// The two flags in one byte (1: unsafe to break, 2: unsafe to concat), so a glyph copies as
    /// it did with one flag.
    package var flags: UInt8
    /// Horizontal advance, kern included; in a vertical (TTB) request, the advance down the line
    /// (HarfBuzz's y_advance negated, so positive), kern included.
    package var advance: CGFloat
    /// Offset from the pen position (x right, y up).
    package var offset: CGPoint

    /// A glyph with these values.
    package init(
        id: GlyphID, cluster: Int32, unsafeToBreak: Bool, unsafeToConcat: Bool = false, advance: CGFloat,
        offset: CGPoint
    ) {
        self.id = id
        self.cluster = cluster
        flags = (unsafeToBreak ? 3 : 0) | (unsafeToConcat ? 2 : 0)
        self.advance = advance
        self.offset = offset
    }
}

/// Glyphs as HarfBuzz produced them, in visual order: one request's, or the glyphs of many
/// requests with the same context appended one after another (a paragraph's items share one
/// array, so shaping an item allocates nothing of its own).
package struct ShapedGlyphs: Sendable {
    /// The glyphs, each request's in visual order.
    package var glyphs: [ShapedGlyph] = []
    /// The offset in the whole text that clusters count from (the shaping context's start).
    package let base: Int

    /// No glyphs yet, clusters to count from `base`.
    package init(base: Int) { self.base = base }

    /// The cluster of glyph `i` as an offset in the whole text.
    package func cluster(_ i: Int) -> Int { base + Int(glyphs[i].cluster) }

    /// The number of glyphs.
    package var count: Int { glyphs.count }
}

/// How `HarfBuzzShaper` filled in a range.
package enum ShapingOutcome: Sendable, Equatable {
    /// HarfBuzz shaped the range.
    case shaped
    /// HarfBuzz could not allocate memory for its buffer (`hb_buffer_allocation_successful` was
    /// false), so the range got one .notdef glyph per code point instead
    /// (`HarfBuzzShaper.appendNotdefs`): the text keeps its place and draws as missing-glyph boxes
    /// rather than vanishing. Such glyphs must not be cached as the shaping of the text.
    case allocationFailed
}

/// Shaping with HarfBuzz: a request's range into positioned glyphs.
package enum HarfBuzzShaper {
    /// Shapes `request.range` with HarfBuzz and appends its glyphs to `out`, whose base must be
    /// the start of `request.context`. The font's HarfBuzz object is immutable and scaled to font
    /// units, so this is safe from many threads; results are scaled by size / unitsPerEm.
    ///
    /// Never drops the range: when HarfBuzz cannot allocate its buffer (`hb_buffer_create` then
    /// returns an inert empty buffer, never NULL) or cannot grow it while shaping, the range gets
    /// .notdef glyphs and the outcome says so (see `ShapingOutcome.allocationFailed`).
    @discardableResult
    package static func shape(_ request: ShapingRequest, into out: inout ShapedGlyphs) -> ShapingOutcome {
        guard !request.range.isEmpty else { return .shaped }
        let buffer = BufferPool.take()
        defer { BufferPool.give(buffer) }
        return shape(request, into: &out, buffer: buffer)
    }

    /// `shape(_:into:)` with a given HarfBuzz buffer, empty on entry (tests pass the inert buffer
    /// HarfBuzz hands out when it cannot allocate one).
    @discardableResult
    package static func shape(
        _ request: ShapingRequest, into out: inout ShapedGlyphs, buffer: OpaquePointer
    ) -> ShapingOutcome {
        precondition(out.base == request.context.lowerBound, "glyphs of another context")
        guard !request.range.isEmpty else { return .shaped }
        // HarfBuzz's inert empty buffer must not be filled: some of its setters write to it.
        if hb_buffer_allocation_successful(buffer) != 0 {
            fill(buffer, with: request)
            run(request, on: buffer)
        }
        let first = out.count
        let outcome: ShapingOutcome
        if hb_buffer_allocation_successful(buffer) != 0, appendGlyphs(of: buffer, request: request, to: &out) {
            outcome = .shaped
        } else {
            appendNotdefs(for: request, into: &out)
            outcome = .allocationFailed
        }
        replaceControlGlyphs(in: &out, from: first, text: request.text, font: request.font)
        if request.expansion != 1, request.orientation != .upright {
            for i in first..<out.count {
                out.glyphs[i].advance *= request.expansion
                out.glyphs[i].offset.x *= request.expansion
            }
        }
        if request.kern != 0 { applyKern(request.kern, to: &out, from: first) }
        return outcome
    }

    /// Puts the request's text (with its paragraph as context), direction, script, language and
    /// paragraph-edge flags into `buffer`.
    @inline(__always)
    private static func fill(_ buffer: OpaquePointer, with request: ShapingRequest) {
        let range = request.range
        let context = request.context
        request.text.withUnsafeBufferPointer { all in
            let base = all.baseAddress! + context.lowerBound
            guard let display = DisplayText.codePoints(of: request) else {
                hb_buffer_add_utf16(
                    buffer, base, Int32(context.count),
                    UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
                return
            }
            // Text drawn differently from how it is stored: the paragraph around the range as
            // context (empty items set it), then each drawn code point with the cluster of the
            // character it stands for.
            hb_buffer_add_utf16(buffer, base, Int32(context.count), UInt32(range.lowerBound - context.lowerBound), 0)
            for point in display {
                hb_buffer_add(buffer, point.scalar, UInt32(point.source - context.lowerBound))
            }
            hb_buffer_add_utf16(buffer, base, Int32(context.count), UInt32(range.upperBound - context.lowerBound), 0)
        }
        let direction: hb_direction_t =
            switch request.orientation {
            case .upright: HB_DIRECTION_TTB
            case .horizontal, .sideways: request.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
            }
        hb_buffer_set_direction(buffer, direction)
        if request.script != "Zyyy", request.script != "Zinh", request.script != "Zzzz" {
            let script = request.script.withCString { hb_script_from_string($0, -1) }
            hb_buffer_set_script(buffer, script)
        }
        if let language = request.language, !language.isEmpty {
            hb_buffer_set_language(buffer, language.withCString { hb_language_from_string($0, -1) })
        }
        hb_buffer_guess_segment_properties(buffer)
        // Unsafe-to-concat flags too, for joining a piece shaped again to the rest (HarfBuzz's
        // recipe for a hyphen at a line break).
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue | HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT.rawValue
        if range.lowerBound == context.lowerBound { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == context.upperBound { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
    }

    /// Shapes the filled `buffer` in the request's font with its features.
    @inline(__always)
    private static func run(_ request: ShapingRequest, on buffer: OpaquePointer) {
        if request.features.isEmpty {
            hb_shape(request.font.hbFont, buffer, nil, 0)
        } else {
            var features = request.features.map { feature -> hb_feature_t in
                let tag = feature.tag.withCString { hb_tag_from_string($0, -1) }
                return hb_feature_t(tag: tag, value: feature.value, start: 0, end: UInt32.max)
            }
            features.withUnsafeMutableBufferPointer { list in
                hb_shape(request.font.hbFont, buffer, list.baseAddress, UInt32(list.count))
            }
        }
    }

    /// Appends the shaped glyphs of `buffer`, scaled to points, to `out`; false (and nothing
    /// appended) if HarfBuzz gives no glyph or position array.
    @inline(__always)
    private static func appendGlyphs(
        of buffer: OpaquePointer, request: ShapingRequest, to out: inout ShapedGlyphs
    ) -> Bool {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return false }
        let n = Int(count)
        let scale = request.font.size / CGFloat(request.font.unitsPerEm)
        let flag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        let concat = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue
        if request.orientation == .upright {
            out.glyphs.reserveCapacity(out.count + n)
            appendVertical(infos: infos, positions: positions, count: n, scale: scale, to: &out)
            return true
        }
        // Room for all of them made at once (a plain fill), then each written in place through
        // a buffer: appending from a lazy map went through a generic copy at about 65
        // instructions a glyph (this is about 40; a scratch buffer copied in cost more).
        let first = out.count
        out.glyphs.append(
            contentsOf: repeatElement(
                ShapedGlyph(id: 0, cluster: 0, unsafeToBreak: false, advance: 0, offset: .zero), count: n))
        out.glyphs.withUnsafeMutableBufferPointer { glyphs in
            let written = UnsafeMutableBufferPointer(rebasing: glyphs[first...])
            for i in 0..<n {
                let info = infos[i]
                let pos = positions[i]
                written[i] = ShapedGlyph(
                    id: info.codepoint, cluster: Int32(bitPattern: info.cluster),
                    unsafeToBreak: info.mask & flag != 0, unsafeToConcat: info.mask & concat != 0,
                    advance: CGFloat(pos.x_advance) * scale,
                    offset: CGPoint(x: CGFloat(pos.x_offset) * scale, y: CGFloat(pos.y_offset) * scale))
            }
        }
        return true
    }

    /// `appendGlyphs` for a vertical (TTB) request: the advance is −y_advance (down the line),
    /// kept apart so the horizontal loop stays as it is.
    private static func appendVertical(
        infos: UnsafeMutablePointer<hb_glyph_info_t>, positions: UnsafeMutablePointer<hb_glyph_position_t>,
        count n: Int, scale: CGFloat, to out: inout ShapedGlyphs
    ) {
        let flag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        let concat = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue
        for i in 0..<n {
            let info = infos[i]
            let pos = positions[i]
            out.glyphs.append(
                ShapedGlyph(
                    id: info.codepoint, cluster: Int32(bitPattern: info.cluster),
                    unsafeToBreak: info.mask & flag != 0, unsafeToConcat: info.mask & concat != 0,
                    advance: -CGFloat(pos.y_advance) * scale,
                    offset: CGPoint(x: CGFloat(pos.x_offset) * scale, y: CGFloat(pos.y_offset) * scale)))
        }
    }

    /// What stands in for HarfBuzz's glyphs when it could not allocate memory: one .notdef glyph
    /// (id 0, the font's .notdef advance, no offset) per code point of the range, each its own
    /// cluster, in visual order (reversed for a right-to-left request). Each cluster is one code
    /// point, so a line may break between any two of them (never unsafe to break).
    static func appendNotdefs(for request: ShapingRequest, into out: inout ShapedGlyphs) {
        let first = out.count
        let advance = request.font.advance(for: 0)
        let range = request.range
        request.text.withUnsafeBufferPointer { units in
            var i = range.lowerBound
            while i < range.upperBound {
                out.glyphs.append(
                    ShapedGlyph(
                        id: 0, cluster: Int32(i - out.base), unsafeToBreak: false, advance: advance, offset: .zero))
                i += UTF16Decoder.codePoint(in: units, at: i, end: range.upperBound).length
            }
        }
        if request.rightToLeft { out.glyphs[first...].reverse() }
    }

    /// Control characters (TAB, VT, FF and the other C0/C1 controls) have no glyph in most fonts,
    /// and HarfBuzz gives them .notdef, which would draw as a box. Galley lays them out as the
    /// font's space instead: blank, one space wide (the line builder then gives a TAB its width
    /// from the tab stops). Only glyphs from `first` on are looked at.
    static func replaceControlGlyphs(in glyphs: inout ShapedGlyphs, from first: Int, text: [UInt16], font: Font) {
        for i in first..<glyphs.count where glyphs.glyphs[i].id == 0 {
            let unit = text[glyphs.cluster(i)]
            guard unit < 0x20 || (unit >= 0x7F && unit < 0xA0) else { continue }
            let space = font.glyph(for: " ") ?? 0
            glyphs.glyphs[i].id = space
            glyphs.glyphs[i].advance = font.advance(for: space)
            glyphs.glyphs[i].offset = .zero
        }
    }

    /// Adds `kern` to each cluster's width (of the glyphs from `first` on), on the cluster's last
    /// glyph in visual order (so in right-to-left text the extra space sits on the cluster's
    /// right, before it in reading order). A cluster with no advance (a soft hyphen, U+200B, a
    /// joiner: nothing is drawn there) gets none, and a negative kern takes a cluster's advance
    /// down to 0 at most: letter spacing goes between characters that are seen (CSS Text 3
    /// allows an implementation's limits on negative values), and a cluster never ends before it
    /// starts, so carets never go backwards along a line.
    static func applyKern(_ kern: CGFloat, to glyphs: inout ShapedGlyphs, from first: Int) {
        let n = glyphs.count
        var clusterAdvance: CGFloat = 0
        for i in first..<n {
            clusterAdvance += glyphs.glyphs[i].advance
            guard i == n - 1 || glyphs.glyphs[i + 1].cluster != glyphs.glyphs[i].cluster else { continue }
            if clusterAdvance > 0 { glyphs.glyphs[i].advance += max(kern, -clusterAdvance) }
            clusterAdvance = 0
        }
    }
}

/// Reusable HarfBuzz buffers: creating and destroying one costs about as much as shaping a short
/// item, and a paragraph with font fallback has many. A buffer is used by one caller at a time
/// (taken out of the pool under its lock) and reset before it goes back; buffers that grew past
/// `largest` glyphs, or beyond `capacity` of them, are destroyed rather than kept.
package enum BufferPool {
    /// HarfBuzz buffer pointers (`hb_buffer_t *`) as integers, so the pool's state is Sendable;
    /// each is owned by the pool while in it.
    private static let buffers = Locked<[UInt]>([])
    private static let capacity = 4
    private static let largest: UInt32 = 4096

    /// A buffer from the pool, or a new one. When HarfBuzz cannot allocate one, this is its inert
    /// empty buffer (`hb_buffer_create` never returns NULL), on which
    /// `hb_buffer_allocation_successful` is false: the shaper checks that after shaping.
    package static func take() -> OpaquePointer {
        if let bits = buffers.withLock({ $0.popLast() }), let buffer = OpaquePointer(bitPattern: bits) { return buffer }
        return hb_buffer_create()
    }

    /// Resets `buffer` and keeps it for reuse, or destroys it: always when an allocation failed in
    /// it (destroying HarfBuzz's inert empty buffer does nothing), so no failed buffer is reused.
    package static func give(_ buffer: OpaquePointer) {
        if hb_buffer_allocation_successful(buffer) != 0, hb_buffer_get_length(buffer) <= largest {
            hb_buffer_reset(buffer)
            let bits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(buffer)))
            let kept = buffers.withLock { pool -> Bool in
                guard pool.count < capacity else { return false }
                pool.append(bits)
                return true
            }
            if kept { return }
        }
        hb_buffer_destroy(buffer)
    }
}
