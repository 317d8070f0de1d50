// One line's glyph values in one allocation: as the line builder goes through the line's runs,
// each run's glyphs, positions, advances and string indices are written straight into a block
// made for the whole line, and each run is then four `RunValues` views of its stretch of it.
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyVocabulary

/// The glyph values of one line: `capacity` positions, then as many advances, string indices and
/// glyph ids, in one tail allocation (8-byte words). Written once by a `LineGlyphWriter`, then
/// only read, through the `RunValues` of the line's runs.
final class LineGlyphBlock: ManagedBuffer<Int, UInt64> {
    /// A block with room for `capacity` glyphs (its header).
    static func make(capacity: Int) -> LineGlyphBlock {
        // Positions and advances take 2 words a glyph, string indices 1; the glyph ids are
        // packed 2 to a word.
        let words = capacity * 5 + (capacity * MemoryLayout<GlyphID>.stride + 7) / 8
        return unsafeDowncast(LineGlyphBlock.create(minimumCapacity: words) { _ in capacity }, to: LineGlyphBlock.self)
    }

    /// Where the four kinds of value start (valid while the block lives).
    var pointers:
        (
            positions: UnsafeMutablePointer<CGPoint>, advances: UnsafeMutablePointer<CGSize>,
            stringIndices: UnsafeMutablePointer<Int>, glyphs: UnsafeMutablePointer<GlyphID>
        )
    {
        withUnsafeMutablePointers { header, words in
            let raw = UnsafeMutableRawPointer(words)
            let n = header.pointee
            return (
                raw.assumingMemoryBound(to: CGPoint.self),
                (raw + n * 16).assumingMemoryBound(to: CGSize.self),
                (raw + n * 32).assumingMemoryBound(to: Int.self),
                (raw + n * 40).assumingMemoryBound(to: GlyphID.self)
            )
        }
    }
}

/// Writes the glyph values of one line into a new `LineGlyphBlock`, up to the capacity it was
/// made with: each `append` returns where its glyphs went, and `glyphs(_:)`, `positions(_:)`,
/// `advances(_:)` and `stringIndices(_:)` make a run's values (read only once written).
/// Noncopyable: one per line, lent to each append (a copy cost five retains a line).
struct LineGlyphWriter: ~Copyable {
    /// The block written into.
    let block: LineGlyphBlock
    private let glyphs: UnsafeMutablePointer<GlyphID>
    private let positions: UnsafeMutablePointer<CGPoint>
    private let advances: UnsafeMutablePointer<CGSize>
    private let stringIndices: UnsafeMutablePointer<Int>
    /// How many values are written so far.
    private(set) var count = 0

    /// The number of glyphs the block has room for.
    let capacity: Int

    /// A writer into a new block with room for `capacity` glyphs.
    init(capacity: Int) {
        self.capacity = capacity
        block = LineGlyphBlock.make(capacity: capacity)
        (positions, advances, stringIndices, glyphs) = block.pointers
    }

    /// Glyph ids `range` of the block, a run's view of them. (Four calls, one per kind, each
    /// passed straight to the run: a tuple of the four was copied into the run, then released.)
    @inline(__always)
    func glyphs(_ range: Range<Int>) -> RunValues<GlyphID> { view(glyphs, range) }
    /// Positions `range` of the block.
    @inline(__always)
    func positions(_ range: Range<Int>) -> RunValues<CGPoint> { view(positions, range) }
    /// Advances `range` of the block.
    @inline(__always)
    func advances(_ range: Range<Int>) -> RunValues<CGSize> { view(advances, range) }
    /// String indices `range` of the block.
    @inline(__always)
    func stringIndices(_ range: Range<Int>) -> RunValues<Int> { view(stringIndices, range) }

    @inline(__always)
    private func view<T>(_ values: UnsafeMutablePointer<T>, _ range: Range<Int>) -> RunValues<T> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "values not written")
        return RunValues(owner: block, base: values + range.lowerBound, count: range.count)
    }

    /// Appends the glyphs `block` of `storage` (in reverse when `reversed`), pen positions from
    /// `pen` on (advanced past them), raised by `shift` (nil: the offsets include it), standing as
    /// `orientation` says (see `GlyphOrientation.position`); a TAB's
    /// cluster takes its width from `options.tabs` on its visually first glyph, its other glyphs
    /// none; each glyph's advance grows by its `options.extraAdvances` entry. Returns where they went.
    @inline(__always)
    mutating func append(
        _ block: Range<Int>, of storage: GlyphStorage, reversed: Bool, shift: CGFloat?, orientation: GlyphOrientation,
        options: LineAssembly.Options, pen: inout CGFloat
    ) -> Range<Int> {
        let first = count
        let tabs = options.tabs
        let hasTabs = !tabs.widths.isEmpty
        let extra = options.extraAdvances
        let axis = orientation.lineAxis
        var next = count
        var inline = pen
        let base = storage.base
        precondition(count + block.count <= capacity, "more glyphs than the line's block holds")
        if orientation == .horizontal, !hasTabs, extra == nil {
            // The common case (a horizontal line, no TAB, no justification) in a loop of its own.
            let rise = shift ?? 0
            storage.glyphs.withUnsafeBufferPointer { source in
                for k in 0..<block.count {
                    let glyph = source[reversed ? block.upperBound - 1 - k : block.lowerBound + k]
                    glyphs[next] = glyph.id
                    stringIndices[next] = base + Int(glyph.cluster)
                    positions[next] = CGPoint(x: inline + glyph.offset.x, y: glyph.offset.y + rise)
                    advances[next] = CGSize(width: glyph.advance, height: 0)
                    inline += glyph.advance
                    next += 1
                }
            }
            count = next
            pen = inline
            return first..<next
        }
        storage.glyphs.withUnsafeBufferPointer { source in
            for k in 0..<block.count {
                let glyph = source[reversed ? block.upperBound - 1 - k : block.lowerBound + k]
                let cluster = base + Int(glyph.cluster)
                var advance = glyph.advance
                if hasTabs, let tab = tabs.widths[cluster] {
                    let firstOfCluster = k == 0 || stringIndices[next - 1] != cluster
                    advance = firstOfCluster ? tab : 0
                }
                put(
                    glyph.id, index: cluster, at: next,
                    position: orientation.position(pen: inline, offset: glyph.offset, shift: shift), advance: advance,
                    axis: axis, extra: extra, pen: &inline)
                next += 1
            }
        }
        count = next
        pen = inline
        return first..<next
    }

    /// Appends the glyphs of a finished run `source.run` that it keeps (see `RunSource`), pen
    /// positions from `pen` on (advanced past them): each glyph keeps its advance along the
    /// line and its offset from its pen in the run (baseline shift included), so a run's glyphs
    /// taken whole from pen `run.originX` stand where they stood; each glyph's advance grows by
    /// its `options.extraAdvances` entry. Returns where they went.
    mutating func append(_ source: RunSource, options: LineAssembly.Options, pen: inout CGFloat) -> Range<Int> {
        let run = source.run
        let first = count
        let extra = options.extraAdvances
        let orientation = run.orientation
        let axis = orientation.lineAxis
        var next = count
        var inline = pen
        // The glyph's pen in the run it comes from.
        var old = run.originX
        for g in 0..<run.glyphCount {
            let at = old
            let along = axis.inlineExtent(run.advances[g])
            old += along
            let index = run.stringIndices[g]
            if let keeping = source.keeping, !keeping.contains(index) { continue }
            precondition(next < capacity, "more glyphs than the line's block holds")
            put(
                run.glyphs[g], index: source.stringIndex ?? index, at: next,
                position: orientation.position(
                    pen: inline, offset: orientation.offset(of: run.positions[g], pen: at), shift: nil),
                advance: along, axis: axis, extra: extra, pen: &inline)
            next += 1
        }
        count = next
        pen = inline
        return first..<next
    }

    /// Writes glyph `next`: its id, string index and position, and its advance along the line
    /// (`advance`, grown by its `extra` entry) as `axis` lays it; moves `pen` past it.
    @inline(__always)
    private func put(
        _ id: GlyphID, index: Int, at next: Int, position: CGPoint, advance: CGFloat, axis: LineAxis,
        extra: [CGFloat]?, pen: inout CGFloat
    ) {
        let grown = extra.map { advance + $0[next] } ?? advance
        glyphs[next] = id
        stringIndices[next] = index
        positions[next] = position
        advances[next] = axis.advance(grown)
        pen += grown
    }
}
