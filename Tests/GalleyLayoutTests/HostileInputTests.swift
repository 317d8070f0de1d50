// Inputs a service may receive from strangers: finite values so large that their sums
// overflow, runs of combining marks that HarfBuzz shapes in quadratic time or aborts on, and an
// editor asking for the caret of every index. Each ends with an error or with finite output.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText
import Testing

@Suite struct HostileGeometryTests {
    static let m = CGFloat.greatestFiniteMagnitude

    /// Every point is finite, but the bounding box is 2 × greatestFiniteMagnitude tall: an
    /// infinite height once made the band loop step by infinity forever. Now an error.
    @Test func polygonSpanningAnInfiniteHeightIsAnError() throws {
        let framesetter = try Framesetter(text("Hello world", [.font(try Fonts.dejaVu(12))]))
        let m = Self.m
        let path = FramePath.polygon([CGPoint(x: 0, y: -m), CGPoint(x: 100, y: m), CGPoint(x: 200, y: -m)])
        #expect(throws: LayoutError.self) { try framesetter.frame(in: path) }
        // The same as an exclusion of an ordinary frame.
        let options = FrameOptions(truncation: nil, exclusionPaths: [path])
        #expect(throws: LayoutError.self) { try framesetter.frame(in: .rectangle(tall), options: options) }
    }

    /// A rectangle whose right edge (x + width) or top edge overflows, and insets that push an
    /// edge past the largest finite value.
    @Test(arguments: [
        CGRect(x: CGFloat.greatestFiniteMagnitude, y: 0, width: CGFloat.greatestFiniteMagnitude, height: 10),
        CGRect(x: 0, y: CGFloat.greatestFiniteMagnitude, width: 10, height: CGFloat.greatestFiniteMagnitude),
    ])
    func rectangleWithOverflowingEdgesIsAnError(rect: CGRect) throws {
        let framesetter = try Framesetter(text("Hello", [.font(try Fonts.dejaVu(12))]))
        #expect(throws: LayoutError.self) { try framesetter.frame(in: rect) }
        #expect(throws: LayoutError.self) { try framesetter.frame(in: .rectangle(rect)) }
    }

    @Test func insetsOverflowingTheBoxAreAnError() throws {
        let framesetter = try Framesetter(text("Hello", [.font(try Fonts.dejaVu(12))]))
        let box = CGRect(x: Self.m / 2, y: 0, width: Self.m / 2, height: 100)
        let options = FrameOptions(truncation: nil, insets: FrameInsets(top: 0, left: Self.m, bottom: 0, right: 0))
        #expect(throws: LayoutError.self) { try framesetter.frame(in: .rectangle(box), options: options) }
    }

    /// setKern(−greatestFiniteMagnitude) made a line of width −inf with a NaN origin. The
    /// builder now refuses it; the non-throwing API leaves the kern unset, so the line is as
    /// wide as without kern.
    @Test func hugeKernIsRefused() throws {
        let font = try Fonts.dejaVu(12)
        var builder = AttributedTextBuilder(text("Hello", [.font(font)]))
        #expect(throws: AttributedTextError.self) { try builder.setKern(-Self.m, range: 0..<5) }
        let plain = try Framesetter(text("Hello", [.font(font)])).frame(in: tall)
        let kerned = try Framesetter(text("Hello", [.font(font), .kern(-Self.m)])).frame(in: tall)
        #expect(kerned.lines[0].width == plain.lines[0].width)
        #expect(kerned.lineOrigins == plain.lineOrigins)
    }

    /// Lengths at the limit (or beyond it, for paragraph-style settings, which fall back to their
    /// defaults) lay out with every number finite: widths, origins, carets of every index,
    /// selection rectangles and the used height, in a narrow frame and an unbounded one.
    @Test(arguments: HugeValue.allCases, [0, 400, CGFloat.greatestFiniteMagnitude / 4])
    func hugeButAllowedValuesGiveFiniteLayouts(value: HugeValue, width: CGFloat) throws {
        let font = try Fonts.dejaVu(12)
        var builder = AttributedTextBuilder(
            text("Hello\tworld \u{05E9}\u{05DC}\u{05D5}\u{05DD} 123 e\u{0301}\nnext line", value.attributes(font)))
        try builder.insertPlaceholder(RunDelegate(width: 1e9, ascent: 1e9, descent: 1e9), at: 6)
        let frame = try Framesetter(builder.build()).frame(in: CGRect(x: 0, y: 0, width: width, height: 1e30))
        #expect(frame.usedHeight.isFinite)
        #expect(!frame.lines.isEmpty)
        for (line, origin) in zip(frame.lines, frame.lineOrigins) {
            #expect(origin.x.isFinite && origin.y.isFinite, "\(value)")
            #expect(line.width.isFinite && line.ascent.isFinite && line.descent.isFinite, "\(value)")
            for index in line.stringRange.lowerBound...line.stringRange.upperBound {
                let caret = line.offset(forStringIndex: index)
                #expect(caret.primary.isFinite && caret.secondary.isFinite, "\(value) index \(index)")
            }
            for rect in line.selectionRects(for: line.stringRange) {
                #expect(rect.minX.isFinite && rect.maxX.isFinite && rect.height.isFinite, "\(value)")
            }
            for run in line.glyphRuns {
                #expect(run.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(value)")
            }
        }
    }

    /// One hostile value each.
    enum HugeValue: CaseIterable {
        case kern, negativeTracking, baselineOffset, indents, tabStops, lineHeights, spacing

        func attributes(_ font: Font) -> Attributes {
            let limit = LengthLimit.maximum
            var style = ParagraphStyle()
            var attributes: Attributes = [.font(font)]
            switch self {
            case .kern: attributes.kern = limit
            case .negativeTracking: attributes.tracking = -limit
            case .baselineOffset: attributes.baselineOffset = limit
            case .indents:
                style.firstLineHeadIndent = limit
                style.headIndent = HostileGeometryTests.m
                style.tailIndent = -limit
            case .tabStops:
                style.tabStops = [TextTab(alignment: .right, location: 1e300), TextTab(location: limit)]
                style.defaultTabInterval = .leastNonzeroMagnitude
            case .lineHeights:
                style.lineHeightMultiple = limit
                style.minimumLineHeight = HostileGeometryTests.m
                style.lineSpacingAdjustment = limit
            case .spacing:
                style.paragraphSpacing = limit
                style.paragraphSpacingBefore = -HostileGeometryTests.m
            }
            attributes.paragraphStyle = style
            return attributes
        }
    }
}

@Suite struct CombiningMarkStormTests {
    /// The text that aborted HarfBuzz 6.0 in GPOS attachment (`propagate_attachment_offsets`):
    /// b + 20 000 × (U+0308 U+0323), twice. It lays out, with one glyph per character except that
    /// each b takes its first dot below as U+1E05 (HarfBuzz composes them; `hb-shape` gives
    /// "b\u{308}\u{323}\u{308}\u{323}" four glyphs in DejaVu Sans), and the first shaping item
    /// stops after the 30th mark.
    @Test func stackedMarksLayOut() throws {
        let storm = "b" + String(repeating: "\u{0308}\u{0323}", count: 20_000)
        let frame = try Framesetter(text(storm + storm, [.font(try Fonts.dejaVu(12))])).frame(in: tall)
        let runs = frame.lines.flatMap(\.glyphRuns)
        #expect(runs.reduce(0) { $0 + $1.glyphCount } == 80_000)
        #expect(runs.first?.stringRange == 0..<31)
        #expect(frame.lines.allSatisfy { $0.width.isFinite })
    }

    /// Up to 30 marks a base keeps them in its cluster and its run, as today; the 31st starts a
    /// run of its own (shaped apart from the base), with string indices unchanged.
    @Test(arguments: [(30, [0..<31]), (31, [0..<31, 31..<32]), (65, [0..<31, 31..<61, 61..<66])])
    func marksPastThirtyStartARun(marks: Int, ranges: [Range<Int>]) throws {
        let string = "b" + String(repeating: "\u{0301}", count: marks)
        let frame = try Framesetter(text(string, [.font(try Fonts.dejaVu(12))])).frame(in: tall)
        #expect(frame.lines.count == 1)
        #expect(frame.lines[0].glyphRuns.map(\.stringRange) == ranges)
    }
}

@Suite struct CaretEveryIndexTests {
    /// What an editor does: the caret of every index of a long line. In a left-to-right line
    /// without marks, each index is a cluster start and its primary caret is that cluster's
    /// leading edge, as CTLineEnumerateCaretOffsets reports it (and the end index the line's
    /// width).
    @Test func caretsOfEveryIndexMatchTheEnumeration() throws {
        let sentence = "The quick brown fox jumps over the lazy dog, 0123456789. "
        let string = String(repeating: sentence, count: 11)
        let frame = try Framesetter(text(string, [.font(try Fonts.dejaVu(12))])).frame(
            in: CGRect(x: 0, y: 0, width: 100_000, height: 1000))
        let line = try #require(frame.lines.first)
        #expect(line.stringRange == 0..<string.utf16.count)
        var leading: [Int: CGFloat] = [:]
        line.enumerateCaretOffsets { offset, index, isLeading, _ in
            if isLeading { leading[index] = offset }
        }
        #expect(leading.count == string.utf16.count)
        for index in line.stringRange {
            #expect(line.offset(forStringIndex: index).primary == leading[index], "index \(index)")
        }
        #expect(line.offset(forStringIndex: line.stringRange.upperBound).primary == line.width)
    }
}

@Suite struct LineForEveryIndexTests {
    /// Lines come in text order in every kind of frame — a rectangle, and a shape whose rows hold
    /// two lines around an exclusion, in a right-to-left paragraph too — so the binary search of
    /// `lineIndex(forStringIndex:)` finds, for every index, the one line whose range holds it, and
    /// nil past the visible range.
    @Test(arguments: [false, true])
    func everyIndexFindsItsLine(shaped: Bool) throws {
        let font = try Fonts.dejaVu(12)
        let string = String(repeating: "Hello world, שלום עולם 123. ", count: 12) + "\nNext paragraph.\n\nLast"
        let framesetter = try Framesetter(text(string, [.font(font)]))
        let frame: Frame
        if shaped {
            let options = FrameOptions(
                truncation: nil, exclusionPaths: [.rectangle(CGRect(x: 90, y: 0, width: 30, height: 400))])
            frame = try framesetter.frame(in: .rectangle(CGRect(x: 0, y: 0, width: 200, height: 150)), options: options)
        } else {
            frame = try framesetter.frame(in: CGRect(x: 0, y: 0, width: 200, height: 150))
        }
        #expect(frame.lines.count > 4)
        for index in 0..<(string.utf16.count + 2) {
            let found = frame.lineIndex(forStringIndex: index)
            let holders = frame.lines.indices.filter { frame.lines[$0].stringRange.contains(index) }
            #expect(holders.count <= 1)
            #expect(found == holders.first, "index \(index)")
        }
    }
}
