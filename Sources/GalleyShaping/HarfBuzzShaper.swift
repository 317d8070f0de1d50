// Shapes one item with HarfBuzz: the item's text plus its paragraph as context, the item's font,
// direction, script and language. The only file of this stage that talks to HarfBuzz.
import CHarfBuzz
import Foundation
import Synchronization
import GalleyFonts
import GalleyText

/// What to shape: a range of a paragraph and how.
package struct ShapingRequest: Sendable {
    /// The whole text's UTF-16 code units.
    package let text: [UInt16]
    /// The paragraph's content (context for HarfBuzz; shaping never looks past it).
    package let context: Range<Int>
    /// The code units to shape, inside `context`.
    package let range: Range<Int>
    package let font: Font
    package let rightToLeft: Bool
    /// ISO 15924 code ("Latn", "Arab"); "Zyyy" or "Zinh" lets HarfBuzz guess.
    package let script: String
    /// BCP 47 language tag, or nil for HarfBuzz's default.
    package let language: String?
    /// Extra advance after each cluster (kCTKernAttributeName plus kCTTrackingAttributeName), in points.
    package let kern: CGFloat
    /// OpenType features to apply to the whole range.
    package let features: [ShapingFeature]

    package init(
        text: [UInt16], context: Range<Int>, range: Range<Int>, font: Font, rightToLeft: Bool,
        script: String, language: String?, kern: CGFloat, features: [ShapingFeature] = []
    ) {
        self.features = features
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

/// Glyphs as HarfBuzz produced them, in visual order, scaled to points: one request's, or the
/// glyphs of many requests appended one after another (a paragraph's items share one set of
/// arrays, so shaping an item allocates nothing of its own).
package struct ShapedGlyphs: Sendable {
    package var glyphs: [GlyphID] = []
    package var clusters: [Int] = []
    package var advances: [CGFloat] = []
    package var offsets: [CGPoint] = []
    package var unsafeToBreak: [Bool] = []

    package init() {}

    /// Room for `count` more glyphs without reallocating.
    package mutating func reserveCapacity(_ count: Int) {
        glyphs.reserveCapacity(count)
        clusters.reserveCapacity(count)
        advances.reserveCapacity(count)
        offsets.reserveCapacity(count)
        unsafeToBreak.reserveCapacity(count)
    }

    /// Appends one glyph.
    package mutating func append(glyph: GlyphID, cluster: Int, advance: CGFloat, offset: CGPoint, unsafeToBreak unsafe: Bool) {
        glyphs.append(glyph)
        clusters.append(cluster)
        advances.append(advance)
        offsets.append(offset)
        unsafeToBreak.append(unsafe)
    }

    package var count: Int { glyphs.count }
}

package enum HarfBuzzShaper {
    /// Shapes `request.range` with HarfBuzz. The font's HarfBuzz object is immutable and scaled to
    /// font units, so this is safe from many threads; results are scaled by size / unitsPerEm.
    package static func shape(_ request: ShapingRequest) -> ShapedGlyphs {
        var out = ShapedGlyphs()
        shape(request, into: &out)
        return out
    }

    /// Shapes `request.range` and appends its glyphs to `out`.
    package static func shape(_ request: ShapingRequest, into out: inout ShapedGlyphs) {
        let range = request.range
        guard !range.isEmpty else { return }
        let context = request.context
        guard let buffer = BufferPool.take() else { return }
        defer { BufferPool.give(buffer) }

        request.text.withUnsafeBufferPointer { all in
            let base = all.baseAddress! + context.lowerBound
            hb_buffer_add_utf16(
                buffer, base, Int32(context.count),
                UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, request.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if request.script != "Zyyy", request.script != "Zinh", request.script != "Zzzz" {
            let script = request.script.withCString { hb_script_from_string($0, -1) }
            hb_buffer_set_script(buffer, script)
        }
        if let language = request.language, !language.isEmpty {
            hb_buffer_set_language(buffer, language.withCString { hb_language_from_string($0, -1) })
        }
        hb_buffer_guess_segment_properties(buffer)
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == context.lowerBound { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == context.upperBound { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))

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

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        let n = Int(count)
        let scale = request.font.size / CGFloat(request.font.unitsPerEm)
        let offset = context.lowerBound
        let first = out.count
        // Each array is filled in a scratch buffer, then appended in one copy: a per-glyph append
        // costs ~15 instructions an array (and `Array(unsafeUninitializedCapacity:)` goes through
        // an unspecialized allocation path costing ~700 instructions an array).
        out.reserveCapacity(n)
        let flag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        withUnsafeTemporaryAllocation(of: GlyphID.self, capacity: n) { glyphs in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n) { clusters in
                withUnsafeTemporaryAllocation(of: CGFloat.self, capacity: n) { advances in
                    withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: n) { offsets in
                        withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { unsafe in
                            for i in 0..<n {
                                let info = infos[i]
                                let pos = positions[i]
                                glyphs[i] = info.codepoint
                                clusters[i] = Int(info.cluster) + offset
                                advances[i] = CGFloat(pos.x_advance) * scale
                                offsets[i] = CGPoint(x: CGFloat(pos.x_offset) * scale, y: CGFloat(pos.y_offset) * scale)
                                unsafe[i] = info.mask & flag != 0
                            }
                            out.glyphs.append(contentsOf: UnsafeBufferPointer(glyphs))
                            out.clusters.append(contentsOf: UnsafeBufferPointer(clusters))
                            out.advances.append(contentsOf: UnsafeBufferPointer(advances))
                            out.offsets.append(contentsOf: UnsafeBufferPointer(offsets))
                            out.unsafeToBreak.append(contentsOf: UnsafeBufferPointer(unsafe))
                        }
                    }
                }
            }
        }
        replaceControlGlyphs(in: &out, from: first, text: request.text, font: request.font)
        if request.kern != 0 { applyKern(request.kern, to: &out, from: first) }
    }

    /// Control characters (TAB, VT, FF and the other C0/C1 controls) have no glyph in most fonts,
    /// and HarfBuzz gives them .notdef, which would draw as a box. Galley lays them out as the
    /// font's space instead: blank, one space wide (the line builder then gives a TAB its width
    /// from the tab stops). Only glyphs from `first` on are looked at.
    static func replaceControlGlyphs(in glyphs: inout ShapedGlyphs, from first: Int, text: [UInt16], font: Font) {
        for i in first..<glyphs.count where glyphs.glyphs[i] == 0 {
            let unit = text[glyphs.clusters[i]]
            guard unit < 0x20 || (unit >= 0x7F && unit < 0xA0) else { continue }
            let space = font.glyph(for: " ") ?? 0
            glyphs.glyphs[i] = space
            glyphs.advances[i] = font.advance(for: space)
            glyphs.offsets[i] = .zero
        }
    }

    /// Adds `kern` to each cluster's width (of the glyphs from `first` on), on the cluster's last glyph in visual order (so in
    /// right-to-left text the extra space sits on the cluster's right, before it in reading order).
    static func applyKern(_ kern: CGFloat, to glyphs: inout ShapedGlyphs, from first: Int) {
        let n = glyphs.glyphs.count
        for i in first..<n where i == n - 1 || glyphs.clusters[i + 1] != glyphs.clusters[i] {
            glyphs.advances[i] += kern
        }
    }
}

/// Reusable HarfBuzz buffers: creating and destroying one costs about as much as shaping a short
/// item, and a paragraph with font fallback has many. A buffer is used by one caller at a time
/// (taken out of the pool under its lock) and reset before it goes back; buffers that grew past
/// `largest` glyphs, or beyond `capacity` of them, are destroyed rather than kept.
enum BufferPool {
    /// HarfBuzz buffer pointers (`hb_buffer_t *`) as integers, so the pool's state is Sendable;
    /// each is owned by the pool while in it.
    private static let buffers = Mutex<[UInt]>([])
    private static let capacity = 4
    private static let largest: UInt32 = 4096

    /// A buffer from the pool, or a new one (nil if HarfBuzz cannot allocate one).
    static func take() -> OpaquePointer? {
        if let bits = buffers.withLock({ $0.popLast() }) { return OpaquePointer(bitPattern: bits) }
        return hb_buffer_create()
    }

    /// Resets `buffer` and keeps it for reuse, or destroys it.
    static func give(_ buffer: OpaquePointer) {
        if hb_buffer_get_length(buffer) <= largest {
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
