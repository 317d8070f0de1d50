// Frames beyond a rectangle: the geometry of FramePath (intervals over a band, derived by hand
// from each shape's equation), lines filling ellipses, polygons and rectangles with exclusions
// (rows of several lines), insets, columns that chain without losing or repeating text, and
// bad or degenerate paths.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyTestSupport
import GalleyText
import Testing

/// A line's visible extent (trailing whitespace excluded), in path coordinates.
private func visibleExtent(_ frame: Frame, _ i: Int) -> ClosedRange<CGFloat> {
    let line = frame.lines[i]
    let x = frame.rect.minX + frame.lineOrigins[i].x
    let lo = line.isRightToLeft ? x + line.trailingWhitespaceWidth : x
    let hi = line.isRightToLeft ? x + line.width : x + line.width - line.trailingWhitespaceWidth
    return lo...hi
}

/// The band (y up, path coordinates) of line i's row: from the baseline minus the row's largest
/// placed descent to the baseline plus its largest placed ascent.
private func rowBand(_ frame: Frame, _ i: Int) -> ClosedRange<CGFloat> {
    let row = frame.lineRowIndices[i]
    let members = frame.lines.indices.filter { frame.lineRowIndices[$0] == row }
    let ascent = members.map { frame.placedLineMetrics[$0].ascent }.max()!
    let descent = members.map { frame.placedLineMetrics[$0].descent }.max()!
    let y = frame.rect.minY + frame.lineOrigins[i].y
    return (y - descent)...(y + ascent)
}

/// Lines' ranges follow each other without gap or overlap from `start`.
private func contiguous(_ frame: Frame) -> Bool {
    var at = frame.stringRange.lowerBound
    for line in frame.lines {
        if line.stringRange.lowerBound != at { return false }
        at = line.stringRange.upperBound
    }
    return at == frame.visibleStringRange.upperBound
}

private let lorem = """
    Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore \
    magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo \
    consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. \
    Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.
    """

@Suite("Frame paths: geometry")
struct FramePathGeometryTests {
    private func near(_ a: [ClosedRange<CGFloat>], _ b: [ClosedRange<CGFloat>]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                abs($0.lowerBound - $1.lowerBound) < 1e-9 && abs($0.upperBound - $1.upperBound) < 1e-9
            }
    }

    /// Ellipse in (0, 0, 200, 100): cx = 100, cy = 50, a = 100, b = 50; x = cx ± a·√(1 − ((y − cy)/b)²).
    @Test func ellipseChords() {
        let e = FramePath.ellipse(in: CGRect(x: 0, y: 0, width: 200, height: 100))
        // Band 60…80: narrowest at y = 80 (30 from the centre): 100·√(1 − 0.36) = 80.
        #expect(near(e.intervalsInside(band: 60...80), [20...180]))
        // Widest (touching) at y = 60: 100·√(1 − 0.04).
        let w = 100 * (0.96 as CGFloat).squareRoot()
        #expect(near(e.intervalsTouching(band: 60...80), [(100 - w)...(100 + w)]))
        // A band across the centre: narrowest at its ends, 10 from the centre; widest at the centre.
        #expect(near(e.intervalsInside(band: 40...60), [(100 - w)...(100 + w)]))
        #expect(near(e.intervalsTouching(band: 40...60), [0...200]))
        // A band leaving the ellipse has no inside.
        #expect(e.intervalsInside(band: 90...110).isEmpty)
        #expect(e.boundingBox == CGRect(x: 0, y: 0, width: 200, height: 100))
    }

    /// Triangle (0,0) (240,0) (120,240): at height y its inside is [y/2, 240 − y/2].
    @Test func triangleIntervals() {
        let t = FramePath.polygon([CGPoint(x: 0, y: 0), CGPoint(x: 240, y: 0), CGPoint(x: 120, y: 240)])
        #expect(near(t.intervalsInside(band: 20...40), [20...220]))
        #expect(near(t.intervalsTouching(band: 20...40), [10...230]))
        #expect(t.intervalsInside(band: 230...250).isEmpty)
        #expect(t.boundingBox == CGRect(x: 0, y: 0, width: 240, height: 240))
    }

    /// A square with a smaller square wound the same way inside it (joined by a bridge traversed
    /// there and back): the winding number is 2 in the inner square, so the even-odd rule
    /// (CoreText's default) makes it a hole — crossings at 0, 30, 70, 100 pair up as [0,30] [70,100].
    @Test func evenOddHole() {
        let points = [(0, 0), (100, 0), (100, 100), (0, 100), (0, 0), (30, 30), (70, 30), (70, 70), (30, 70), (30, 30)]
            .map { CGPoint(x: CGFloat($0.0), y: CGFloat($0.1)) }
        let p = FramePath.polygon(points)
        #expect(near(p.intervalsInside(band: 40...60), [0...30, 70...100]))
        // A band reaching into the hole's rows from below: the hole's columns are not inside throughout.
        #expect(near(p.intervalsInside(band: 10...40), [0...30, 70...100]))
        #expect(near(p.intervalsInside(band: 5...25), [0...100]))
    }

    /// Rounded rectangle (0,0,100,100) with 20×20 corners: in band 90…95 the narrowest y is 95,
    /// 15 into the top corner zone: inset = 20 − √(20² − 15²) = 20 − √175.
    @Test func roundedRectangleCorners() {
        let r = FramePath.roundedRectangle(
            CGRect(x: 0, y: 0, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20)
        let inset = 20 - (175 as CGFloat).squareRoot()
        #expect(near(r.intervalsInside(band: 90...95), [inset...(100 - inset)]))
        #expect(near(r.intervalsInside(band: 30...70), [0...100]))
    }

    @Test func badCoordinatesAreRejected() {
        #expect(throws: LayoutError.self) { try FramePath.polygon([CGPoint(x: CGFloat.nan, y: 0)]).validate() }
        #expect(throws: LayoutError.self) {
            try FramePath.ellipse(in: CGRect(x: 0, y: 0, width: -1, height: 5)).validate()
        }
        #expect(throws: LayoutError.self) {
            try FramePath.roundedRectangle(
                CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: .infinity, cornerHeight: 1
            ).validate()
        }
        #expect(throws: Never.self) { try FramePath.polygon([]).validate() }
    }
}

@Suite("Frame paths: layout")
struct FramePathLayoutTests {
    let font: Font
    init() throws { font = try Fonts.dejaVu(12) }

    /// `.rectangle(r)` without exclusions or insets gives the rectangular frame exactly: same
    /// lines, origins, metrics and ranges — over paragraph styles, directions and truncation.
    @Test func rectangleMatchesTheRectangleAPI() throws {
        let arabic = try Font(path: TestFonts.path("NotoSansArabic-Regular.ttf"), size: 14)
        var spaced = ParagraphStyle(alignment: .justified)
        spaced.lineHeightMultiple = 0.8
        spaced.paragraphSpacing = 6
        spaced.paragraphSpacingBefore = 3
        spaced.firstLineHeadIndent = 20
        spaced.tailIndent = -10
        let texts = [
            text(lorem, [.font(font)]),
            text(
                "First paragraph here.\nSecond one, a bit longer than the first.\n\nAfter an empty one.",
                [.font(font), .paragraphStyle(spaced)]),
            text("مرحبا بالعالم، هذا نص عربي طويل بما يكفي ليلتف على عدة أسطر في الإطار", [.font(arabic)]),
            text(lorem, [.font(font), .paragraphStyle(ParagraphStyle(alignment: .center))]),
        ]
        let rects = [CGRect(x: 13.7, y: -4.2, width: 211.3, height: 157.9), CGRect(x: 0, y: 0, width: 3, height: 60)]
        let options = [
            FrameOptions(truncation: nil), FrameOptions(maximumNumberOfLines: 3, truncation: .end),
            FrameOptions(truncation: .middle),
        ]
        for t in texts {
            let framesetter = try Framesetter(t)
            for rect in rects {
                for option in options {
                    let a = try framesetter.frame(in: rect, options: option)
                    let b = try framesetter.frame(in: .rectangle(rect), options: option)
                    #expect(a.lines.map(\.stringRange) == b.lines.map(\.stringRange))
                    #expect(a.lines.map(\.width) == b.lines.map(\.width))
                    #expect(a.lines.map(\.isTruncated) == b.lines.map(\.isTruncated))
                    #expect(a.lineOrigins == b.lineOrigins)
                    #expect(a.placedLineMetrics == b.placedLineMetrics)
                    #expect(a.visibleStringRange == b.visibleStringRange && a.rect == b.rect)
                    #expect(b.lineRowIndices == Array(b.lines.indices))
                }
            }
        }
    }

    /// Ellipse in (10, 20, 300, 200): cx = 160, cy = 120, a = 150, b = 100. Every line's visible
    /// extent lies within the chord x = cx ± a·√(1 − ((y − cy)/b)²) at the y of its band farthest
    /// from the centre. A 24 pt word makes some row taller than its first cluster's guess.
    @Test func ellipseFillsChordByChord() throws {
        let big = try Fonts.dejaVu(24)
        var b = AttributedTextBuilder(lorem, attributes: [.font(font)])
        try b.setFont(big, range: 60..<70)
        let path = FramePath.ellipse(in: CGRect(x: 10, y: 20, width: 300, height: 200))
        let frame = try Framesetter(b.build()).frame(in: path)
        try #require(frame.lines.count > 5)
        #expect(contiguous(frame))
        #expect(frame.path == path && frame.rect == CGRect(x: 10, y: 20, width: 300, height: 200))
        for i in frame.lines.indices {
            let band = rowBand(frame, i)
            #expect(band.lowerBound >= 20 - 1e-9 && band.upperBound <= 220 + 1e-9)
            let far = abs(band.lowerBound - 120) > abs(band.upperBound - 120) ? band.lowerBound : band.upperBound
            let half = 150 * (1 - ((far - 120) / 100) * ((far - 120) / 100)).squareRoot()
            let extent = visibleExtent(frame, i)
            #expect(extent.lowerBound >= 160 - half - 1e-9 && extent.upperBound <= 160 + half + 1e-9, "line \(i)")
        }
        // The first row: its band's top moves down 1 pt at a time from the top of the ellipse
        // until the chord at that top (the band's far end, in the upper half) holds "L", whose
        // advance is its hmtx width: the smallest k with 2·150·√(1 − ((100 − k)/100)²) ≥ w(L).
        let w = font.hmtxWidth("L")
        var k: CGFloat = 0
        while 300 * (1 - ((100 - k) / 100) * ((100 - k) / 100)).squareRoot() < w { k += 1 }
        #expect(abs(frame.lineOrigins[0].y - (200 - k - font.ascent)) < 1e-9)
        #expect(frame.lines[0].stringRange.lowerBound == 0)
    }

    /// Triangle (0,0) (240,0) (120,240): a line whose band tops out at y starts at x = y/2
    /// (natural alignment, left-to-right) and its visible text ends before 240 − y/2.
    @Test func triangle() throws {
        let path = FramePath.polygon([CGPoint(x: 0, y: 0), CGPoint(x: 240, y: 0), CGPoint(x: 120, y: 240)])
        let frame = try Framesetter(text(lorem, [.font(font)])).frame(in: path)
        try #require(frame.lines.count > 5)
        #expect(contiguous(frame))
        for i in frame.lines.indices {
            let top = rowBand(frame, i).upperBound
            #expect(abs(frame.lineOrigins[i].x - top / 2) < 1e-9)
            #expect(visibleExtent(frame, i).upperBound <= 240 - top / 2 + 1e-9)
            #expect(rowBand(frame, i).lowerBound >= -1e-9)
        }
        // Lower rows are wider: the visible widths of the full lines grow (allowing one word's slack).
        #expect(frame.lines.last!.width > frame.lines.first!.width)
    }

    /// A rectangle (0,0,400,300) with a full-height exclusion over x 150…250: every row holds
    /// two lines, the left one at x 0 and the right one at x 250, sharing one baseline; no
    /// visible glyph's advance box meets 150…250; reading goes left line, then right line.
    @Test func centralExclusionSplitsEveryRow() throws {
        let t = text(lorem + " " + lorem, [.font(font)])
        let options = FrameOptions(
            truncation: nil, exclusionPaths: [.rectangle(CGRect(x: 150, y: -10, width: 100, height: 400))])
        let frame = try Framesetter(t).frame(
            in: .rectangle(CGRect(x: 0, y: 0, width: 400, height: 300)), options: options)
        try #require(frame.lines.count >= 6)
        #expect(contiguous(frame))
        let units = t.utf16
        for i in frame.lines.indices {
            #expect(frame.lineRowIndices[i] == i / 2)
            #expect(frame.lineOrigins[i].x == (i % 2 == 0 ? 0 : 250))
            if i % 2 == 1 { #expect(frame.lineOrigins[i].y == frame.lineOrigins[i - 1].y) }
            let origin = frame.lineOrigins[i]
            for run in frame.lines[i].glyphRuns {
                for g in run.glyphs.indices {
                    let unit = units[run.stringIndices[g]]
                    if unit == 0x20 { continue }  // trailing spaces may hang; they have no ink
                    let x0 = origin.x + run.positions[g].x
                    let x1 = x0 + run.advances[g].width
                    #expect(x1 <= 150 + 1e-9 || x0 >= 250 - 1e-9, "line \(i) glyph \(g)")
                }
            }
        }
        #expect(frame.rowCount == (frame.lines.count + 1) / 2)
        // The height used reaches the bottom of the last row's band.
        #expect(abs(frame.usedHeight - (300 - rowBand(frame, frame.lines.count - 1).lowerBound)) < 1e-9)
        // The line limit counts lines, not rows; the last one is truncated within its own interval.
        let three = try Framesetter(t).frame(
            in: .rectangle(CGRect(x: 0, y: 0, width: 400, height: 300)),
            options: FrameOptions(maximumNumberOfLines: 3, truncation: .end, exclusionPaths: options.exclusionPaths))
        #expect(three.lines.count == 3 && three.lineRowIndices == [0, 0, 1])
        #expect(three.lines[2].isTruncated && visibleExtent(three, 2).upperBound <= 150 + 1e-9)
        #expect(three.visibleStringRange.upperBound > three.lines[1].stringRange.upperBound)
        // Hit testing picks the line of the row under the point's x.
        let y = frame.lineOrigins[0].y
        #expect(frame.lineIndex(at: CGPoint(x: 300, y: y)) == 1)
        #expect(frame.lineIndex(at: CGPoint(x: 10, y: y)) == 0)
    }

    /// An exclusion over y 100…200 only: rows whose band overlaps it are split in two, the
    /// others hold one line across the full 400 pt (a line longer than the 150 pt left part).
    @Test func partialExclusion() throws {
        let t = text(lorem + " " + lorem, [.font(font)])
        let options = FrameOptions(
            truncation: nil, exclusionPaths: [.rectangle(CGRect(x: 150, y: 100, width: 100, height: 100))])
        let frame = try Framesetter(t).frame(
            in: .rectangle(CGRect(x: 0, y: 0, width: 400, height: 300)), options: options)
        #expect(contiguous(frame))
        for row in 0..<(frame.rowCount - 1) {  // the last row may be short of text
            let members = frame.lines.indices.filter { frame.lineRowIndices[$0] == row }
            let band = rowBand(frame, members[0])
            let overlaps = band.lowerBound < 200 && band.upperBound > 100
            #expect(members.count == (overlaps ? 2 : 1), "row \(row)")
            if !overlaps { #expect(frame.lines[members[0]].width > 250) }
        }
    }

    /// A right-to-left paragraph fills a split band right to left: the first line of each row
    /// is in the right interval.
    @Test func rightToLeftRowsStartAtTheRight() throws {
        let arabic = try Font(path: TestFonts.path("NotoSansArabic-Regular.ttf"), size: 14)
        let words = Array(repeating: "مرحبا بالعالم هذا نص عربي", count: 12).joined(separator: " ")
        let options = FrameOptions(
            truncation: nil, exclusionPaths: [.rectangle(CGRect(x: 150, y: 0, width: 100, height: 300))])
        let frame = try Framesetter(text(words, [.font(arabic)])).frame(
            in: .rectangle(CGRect(x: 0, y: 0, width: 400, height: 300)), options: options)
        try #require(frame.lines.count >= 4)
        #expect(contiguous(frame))
        for i in frame.lines.indices where frame.lines[i].stringRange.upperBound < words.utf16.count {
            let extent = visibleExtent(frame, i)
            if i % 2 == 0 { #expect(extent.lowerBound >= 250 - 1e-9) } else { #expect(extent.upperBound <= 150 + 1e-9) }
        }
    }

    /// A new paragraph starts a new row, even when the band has room to its right.
    @Test func paragraphStartsANewRow() throws {
        let t = text("Short.\nThe second paragraph is long enough to need several lines on both sides.", [.font(font)])
        let options = FrameOptions(
            truncation: nil, exclusionPaths: [.rectangle(CGRect(x: 150, y: 0, width: 100, height: 300))])
        let frame = try Framesetter(t).frame(
            in: .rectangle(CGRect(x: 0, y: 0, width: 400, height: 300)), options: options)
        try #require(frame.lines.count >= 3)
        #expect(frame.lines[0].stringRange == 0..<7)
        #expect(frame.lineRowIndices[0] == 0 && frame.lineRowIndices[1] == 1)
        #expect(frame.lineOrigins[1].x == 0)
    }

    /// A chimney 3 pt wide on top of a 200 pt wide block (y 0…100, chimney to 120): no letter
    /// fits the chimney, so the first band moves down 1 pt at a time until its top reaches y = 100
    /// (depth 20): the first baseline is at 100 − ascent.
    @Test func tooNarrowBandMovesDown() throws {
        let points = [(0, 0), (200, 0), (200, 100), (101, 100), (101, 120), (98, 120), (98, 100), (0, 100)]
            .map { CGPoint(x: CGFloat($0.0), y: CGFloat($0.1)) }
        let frame = try Framesetter(text(lorem, [.font(font)])).frame(in: .polygon(points))
        try #require(!frame.lines.isEmpty)
        #expect(abs(frame.lineOrigins[0].y - (100 - font.ascent)) < 1e-9)
        #expect(frame.lineOrigins[0].x == 0)
    }

    /// Insets: a rectangle with insets lays out as the inset rectangle, origins shifted by
    /// (left, bottom) since they stay relative to the whole path's origin.
    @Test func insetsShrinkTheArea() throws {
        let framesetter = try Framesetter(text(lorem, [.font(font)]))
        let insets = FrameInsets(top: 10, left: 20, bottom: 30, right: 40)
        let rect = CGRect(x: 0, y: 0, width: 300, height: 200)
        let inset = try framesetter.frame(in: .rectangle(rect), options: FrameOptions(truncation: nil, insets: insets))
        let viaRect = try framesetter.frame(in: rect, options: FrameOptions(truncation: nil, insets: insets))
        let plain = try framesetter.frame(in: CGRect(x: 20, y: 30, width: 240, height: 160))
        try #require(!plain.lines.isEmpty)
        #expect(inset.lines.map(\.stringRange) == plain.lines.map(\.stringRange))
        #expect(viaRect.lines.map(\.stringRange) == plain.lines.map(\.stringRange))
        for (a, b) in zip(inset.lineOrigins, plain.lineOrigins) {
            #expect(abs(a.x - (b.x + 20)) < 1e-9 && abs(a.y - (b.y + 30)) < 1e-9)
        }
        #expect(throws: LayoutError.self) {
            try framesetter.frame(in: rect, options: FrameOptions(insets: FrameInsets(top: -1)))
        }
    }

    /// Columns chain through visible ranges: together they show the text once, in order; a
    /// column with no room shows nothing and the next one goes on; only the last truncates.
    @Test func columnsNeverLoseOrRepeatText() throws {
        let t = text(lorem + "\n" + lorem, [.font(font)])
        let framesetter = try Framesetter(t)
        let columns: [FramePath] = [
            .rectangle(CGRect(x: 0, y: 0, width: 150, height: 120)),
            .rectangle(CGRect(x: 0, y: 0, width: 150, height: 5)),  // no line fits
            .ellipse(in: CGRect(x: 170, y: 0, width: 160, height: 160)),
            .polygon([CGPoint(x: 340, y: 0), CGPoint(x: 500, y: 0), CGPoint(x: 500, y: 200), CGPoint(x: 340, y: 120)]),
            .rectangle(CGRect(x: 0, y: -2000, width: 400, height: 2000)),
        ]
        for options in [FrameOptions(truncation: nil), FrameOptions(truncation: .end)] {
            let frames = try framesetter.frames(in: columns, options: options)
            #expect(frames.count == columns.count)
            var at = 0
            for frame in frames {
                #expect(frame.visibleStringRange.lowerBound == at)
                #expect(frame.stringRange == at..<t.length)
                #expect(contiguous(frame))
                at = frame.visibleStringRange.upperBound
            }
            #expect(at == t.length)
            #expect(frames[1].lines.isEmpty)
            #expect(frames.allSatisfy { !$0.lines.contains(where: \.isTruncated) })
        }
        // With too little room in the chain, only the last column's last line is truncated.
        let short = try framesetter.frames(in: Array(columns.prefix(4)), options: FrameOptions(truncation: .end))
        #expect(short.dropLast().allSatisfy { !$0.lines.contains(where: \.isTruncated) })
        #expect(short.last!.lines.last!.isTruncated)
    }

    /// Paths that enclose nothing give frames without lines and an empty visible range, quickly;
    /// so does a tall rectangle entirely excluded (the search moves down in bounded steps).
    @Test func degeneratePathsGiveEmptyFrames() throws {
        let framesetter = try Framesetter(text(lorem, [.font(font)]))
        let paths: [FramePath] = [
            .polygon([]), .polygon([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100)]),
            .polygon([CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 50), CGPoint(x: 100, y: 100)]),
            .ellipse(in: CGRect(x: 0, y: 0, width: 100, height: 0)), .ellipse(in: .zero),
            .roundedRectangle(CGRect(x: 0, y: 0, width: 0, height: 50), cornerWidth: 5, cornerHeight: 5),
        ]
        for path in paths {
            let frame = try framesetter.frame(in: path, range: 5..<20)
            #expect(frame.lines.isEmpty && frame.visibleStringRange == 5..<5 && frame.rowCount == 0)
        }
        let all = CGRect(x: 0, y: 0, width: 300, height: 100_000)
        let excluded = try framesetter.frame(
            in: .ellipse(in: all), options: FrameOptions(exclusionPaths: [.rectangle(all)]))
        #expect(excluded.lines.isEmpty && excluded.visibleStringRange == 0..<0)
    }

    /// Non-finite coordinates in the path or an exclusion are a LayoutError.invalidGeometry.
    @Test func nonFiniteGeometryIsAnError() throws {
        let framesetter = try Framesetter(text("abc", [.font(font)]))
        func isInvalidGeometry(_ body: () throws(LayoutError) -> Frame) -> Bool {
            do { _ = try body(); return false } catch {
                if case .invalidGeometry = error { return true } else { return false }
            }
        }
        #expect(
            isInvalidGeometry { () throws(LayoutError) in
                try framesetter.frame(in: .rectangle(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)))
            })
        #expect(
            isInvalidGeometry { () throws(LayoutError) in
                try framesetter.frame(in: .polygon([.zero, CGPoint(x: CGFloat.infinity, y: 3), CGPoint(x: 1, y: 9)]))
            })
        #expect(
            isInvalidGeometry { () throws(LayoutError) in
                try framesetter.frame(in: .ellipse(in: CGRect(x: 0, y: 0, width: 10, height: -.infinity)))
            })
        #expect(
            isInvalidGeometry { () throws(LayoutError) in
                try framesetter.frame(
                    in: .rectangle(CGRect(x: 0, y: 0, width: 100, height: 100)),
                    options: FrameOptions(exclusionPaths: [.polygon([CGPoint(x: 0, y: CGFloat.nan)])]))
            })
        #expect(throws: LayoutError.rangeOutOfBounds(range: 0..<9, length: 3)) {
            try framesetter.frame(in: .ellipse(in: CGRect(x: 0, y: 0, width: 10, height: 10)), range: 0..<9)
        }
    }

    /// Placeholders in a shaped frame: each rect follows CoreText's recipe (path origin + line
    /// origin + the run's offset, y at origin − descent) and lies in its line's interval, never
    /// in the exclusion.
    @Test func placeholdersInShapedFrames() throws {
        let delegate = try RunDelegate(width: 20, ascent: 14, descent: 4, value: "img")
        var b = AttributedTextBuilder(lorem, attributes: [.font(font)])
        for index in stride(from: 300, through: 20, by: -40) { try b.insertPlaceholder(delegate, at: index) }
        let box = CGRect(x: 20, y: 50, width: 400, height: 300)
        let options = FrameOptions(
            truncation: nil, exclusionPaths: [.rectangle(CGRect(x: 170, y: 40, width: 100, height: 400))])
        let frame = try Framesetter(b.build()).frame(in: .rectangle(box), options: options)
        let placeholders = frame.placeholders
        #expect(placeholders.count == 8)
        for p in placeholders {
            let l = try #require(frame.lineIndex(forStringIndex: p.stringIndex))
            #expect(p.lineIndex == l)
            let origin = frame.lineOrigins[l]
            let x = frame.lines[l].offset(forStringIndex: p.stringIndex).primary
            #expect(p.rect == CGRect(x: 20 + origin.x + x, y: 50 + origin.y - 4, width: 20, height: 18))
            #expect(p.rect.maxX <= 170 + 1e-9 || p.rect.minX >= 270 - 1e-9)
            #expect(p.rect.minX >= 20 - 1e-9 && p.rect.maxX <= 420 + 1e-9)
        }
    }
}
