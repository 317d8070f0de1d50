// Collecting the glyph values of one line's runs: each run's glyphs, positions, advances and
// string indices are written into scratch buffers as the line builder goes through its runs,
// then copied once into the four arrays all the line's runs share (each run a RunValues view of
// its stretch).
import Foundation
import GalleyFonts
import GalleyShaping
import GalleyVocabulary

/// Scratch buffers for the glyph values of one line, valid inside `collect(count:_:)` only.
struct LineGlyphScratch {
    /// The four arrays a line's runs share.
    struct Values {
        let glyphs: [GlyphID]
        let positions: [CGPoint]
        let advances: [CGSize]
        let stringIndices: [Int]
    }

    private let glyphs: UnsafeMutableBufferPointer<GlyphID>
    private let positions: UnsafeMutableBufferPointer<CGPoint>
    private let advances: UnsafeMutableBufferPointer<CGSize>
    private let stringIndices: UnsafeMutableBufferPointer<Int>
    /// How many values are written so far.
    private(set) var count = 0

    /// Lets `body` append up to `count` glyphs, then returns them as arrays. The scratch space is
    /// temporary (on the stack when small) and the arrays are made with `reserveCapacity` and one
    /// copy each: `Array(unsafeUninitializedCapacity:)` and `Array(repeating:)` take an
    /// unspecialized allocation path costing ~700 instructions an array, and a per-glyph append
    /// costs more than the copy.
    @inline(__always)
    static func collect(count: Int, _ body: (inout LineGlyphScratch) -> Void) -> Values {
        withUnsafeTemporaryAllocation(of: GlyphID.self, capacity: count) { glyphs in
            withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: count) { positions in
                withUnsafeTemporaryAllocation(of: CGSize.self, capacity: count) { advances in
                    withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { indices in
                        var scratch = LineGlyphScratch(
                            glyphs: glyphs, positions: positions, advances: advances, stringIndices: indices)
                        body(&scratch)
                        return scratch.values()
                    }
                }
            }
        }
    }

    @inline(__always)
    private func values() -> Values {
        @inline(__always) func copy<T>(_ buffer: UnsafeMutableBufferPointer<T>) -> [T] {
            var array: [T] = []
            array.reserveCapacity(count)
            array.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
            return array
        }
        return Values(
            glyphs: copy(glyphs), positions: copy(positions), advances: copy(advances),
            stringIndices: copy(stringIndices))
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
        storage.glyphs.withUnsafeBufferPointer { source in
            for k in 0..<block.count {
                let glyph = source[reversed ? block.upperBound - 1 - k : block.lowerBound + k]
                let cluster = base + Int(glyph.cluster)
                glyphs[next] = glyph.id
                stringIndices[next] = cluster
                positions[next] = orientation.position(pen: inline, offset: glyph.offset, shift: shift)
                var advance = glyph.advance
                if hasTabs, let tab = tabs.widths[cluster] {
                    let firstOfCluster = k == 0 || stringIndices[next - 1] != cluster
                    advance = firstOfCluster ? tab : 0
                }
                if let extra { advance += extra[next] }
                advances[next] = axis.advance(advance)
                inline += advance
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
            glyphs[next] = run.glyphs[g]
            stringIndices[next] = source.stringIndex ?? index
            positions[next] = orientation.position(
                pen: inline, offset: orientation.offset(of: run.positions[g], pen: at), shift: nil)
            var advance = along
            if let extra { advance += extra[next] }
            advances[next] = axis.advance(advance)
            inline += advance
            next += 1
        }
        count = next
        pen = inline
        return first..<next
    }
}
