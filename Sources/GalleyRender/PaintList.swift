// The paint list: what drawing a frame paints, as ordered value operations (fills, shadows, glyph
// runs, decorations, placeholders) that every output (bitmap, SVG, PDF through cairo) consumes.
import Foundation
import GalleyFonts
import GalleyLayout
import GalleyText

/// The drawing of a frame or a line as an ordered list of paint operations, the first painted
/// first. Like the sequence of CoreGraphics calls that `CTFrameDraw` makes into a `CGContext`
/// (`CGContextFillRect`, `CGContextShowGlyphsAtPositions`, …), kept as values, so the bitmap
/// ``Renderer``, the ``SVGWriter`` and any other output draw the same operations in the same order
/// and none of them derives geometry again. Made by ``init(frame:selection:selectionColor:)`` or
/// ``init(line:at:)``; drawn by ``Renderer/draw(_:into:imageProvider:)-(PaintList,_,_)`` and
/// ``SVGWriter/document(for:imageReference:)-(PaintList,_)``.
///
/// Coordinates: every operation's geometry is in the frame's y-up points (CoreText's user space,
/// the space of a frame's `rect` and of ``Placeholder/rect``). Each output maps a
/// point (x, y) itself: the bitmap renderer to pixel (x · scale, height − y · scale), the SVG writer
/// to (x, height − y); a cairo backend would do the same flip with its matrix.
///
/// Order, each stage over every line in turn (so a background or a shadow never covers the glyphs
/// of a neighbouring line): background colours, the selection, shadows, glyph runs, underlines
/// and strikethroughs, then placeholders.
public struct PaintList: Sendable, Equatable {
    /// The operations in painting order.
    public let operations: [PaintOperation]

    /// A list of `operations`, painted in the order given.
    public init(_ operations: [PaintOperation] = []) {
        self.operations = operations
    }
}

/// One step of drawing, in the frame's y-up points (see ``PaintList``).
public enum PaintOperation: Sendable, Equatable {
    /// Fill a rectangle: a run's background colour or a piece of the selection. Like
    /// `CGContextFillRect`.
    case fill(FillPaint)
    /// The blurred shadow of a glyph run, painted under every run's glyphs. Like drawing the run
    /// after `CGContextSetShadowWithColor`.
    case shadow(ShadowPaint)
    /// The glyphs of one run: filled, stroked, or both. Like `CTRunDraw` /
    /// `CGContextShowGlyphsAtPositions`.
    case glyphs(GlyphPaint)
    /// An underline or a strikethrough over one run, as the rectangles that draw it.
    case decoration(DecorationPaint)
    /// A placeholder (a run delegate's U+FFFC): the caller's image scaled into its `rect`, or a
    /// stand-in box when the caller has none.
    case placeholder(Placeholder)
}

/// A filled rectangle (``PaintOperation/fill(_:)``).
public struct FillPaint: Sendable, Equatable {
    /// What a filled rectangle shows.
    public enum Role: Sendable, Hashable {
        /// A run's `backgroundColor`.
        case background
        /// A piece of the selection highlight.
        case selection
    }

    /// The rectangle, y-up points.
    public let rect: CGRect
    /// Its colour (alpha above 0).
    public let color: Color
    /// Whether it is a background or the selection.
    public let role: Role

    /// A fill of `rect` in `color`.
    public init(rect: CGRect, color: Color, role: Role) {
        self.rect = rect
        self.color = color
        self.role = role
    }
}

/// The glyphs of one run with how they are painted (``PaintOperation/glyphs(_:)``), plus the
/// cluster mapping that `cairo_show_text_glyphs` needs to make text in a PDF selectable.
public struct GlyphPaint: Sendable, Equatable {
    /// The run's font: face, size, synthetic bold and oblique, variable-font instance.
    public let font: Font
    /// Glyph ids in `font`, in visual order (left to right). Like `CTRunGetGlyphs`.
    public let glyphs: [GlyphID]
    /// Each glyph's origin on its baseline in y-up points: the line's origin plus the run's
    /// position. As many as `glyphs`. Like `CTRunGetPositions` moved by the line origin.
    public let positions: [CGPoint]
    /// For each glyph, the UTF-16 index of the first code unit of its cluster. As many as
    /// `glyphs`. Like `CTRunGetStringIndices`.
    public let stringIndices: [Int]
    /// The UTF-16 range of the text that the glyphs show. Like `CTRunGetStringRange`.
    public let stringRange: Range<Int>
    /// Whether the run is right to left, so its string indices decrease along the glyphs (cairo's
    /// `CAIRO_TEXT_CLUSTER_FLAG_BACKWARD`).
    public let isRightToLeft: Bool
    /// The text colour: the run's `foregroundColor`, black when absent. It fills the glyphs when
    /// ``fills`` is true, and its alpha applies to colour glyphs (emoji).
    public let color: Color
    /// Whether the glyph shapes are filled; false when a positive stroke width asks for the
    /// outline only (CoreText's `kCTStrokeWidthAttributeName` convention).
    public let fills: Bool
    /// The stroke along the glyph outlines, painted after the fill; nil for none.
    public let stroke: GlyphStroke?
    /// The horizontal skew of the `obliqueness` attribute, applied to each outline about its
    /// origin: x += skew · y (y up), clamped to ±4 and in steps of 1/65536; 0 for none. The
    /// font's own synthetic oblique is separate (``Font/syntheticTraits``).
    public let skew: Double
    /// The horizontal scale of UIKit's `NSExpansionAttributeName` (e^expansion), applied to each
    /// outline about its origin before the skew: x *= xScale; 1 for none.
    public let xScale: Double
    /// How the glyphs stand (``GlyphRun/orientation``): `.sideways` glyphs are each turned 90°
    /// clockwise about their origin, as in a vertical line, so the font's x axis runs down the
    /// page and its up to the right; `.horizontal` and `.upright` glyphs are drawn unturned.
    public let orientation: GlyphOrientation
    /// The run's link (its ``Attributes/link``), which PDF output makes a link annotation over the
    /// glyphs and SVG output an `<a>`; nil for none.
    public let link: TextLink?

    /// A glyph run paint; `positions` and `stringIndices` have one entry per glyph.
    public init(
        font: Font, glyphs: [GlyphID], positions: [CGPoint], stringIndices: [Int], stringRange: Range<Int>,
        isRightToLeft: Bool, color: Color, fills: Bool, stroke: GlyphStroke?, skew: Double, xScale: Double = 1,
        orientation: GlyphOrientation = .horizontal, link: TextLink? = nil
    ) {
        self.link = link
        self.orientation = orientation
        self.xScale = xScale.isFinite && xScale > 0 ? xScale : 1
        self.font = font
        self.glyphs = glyphs
        self.positions = positions
        self.stringIndices = stringIndices
        self.stringRange = stringRange
        self.isRightToLeft = isRightToLeft
        self.color = color
        self.fills = fills
        self.stroke = stroke
        self.skew = skew
    }
}

extension GlyphPaint {
    /// This paint with the given glyph values in place of its own (each nil keeps this paint's)
    /// and every other field — font, direction, colour, fill, stroke, skew, scale, orientation, link —
    /// kept: the one way a paint is derived from another, so no field is forgotten.
    /// `positions` and `stringIndices` must have one entry per glyph.
    public func with(
        glyphs: [GlyphID]? = nil, positions: [CGPoint]? = nil, stringIndices: [Int]? = nil,
        stringRange: Range<Int>? = nil
    ) -> GlyphPaint {
        GlyphPaint(
            font: font, glyphs: glyphs ?? self.glyphs, positions: positions ?? self.positions,
            stringIndices: stringIndices ?? self.stringIndices, stringRange: stringRange ?? self.stringRange,
            isRightToLeft: isRightToLeft, color: color, fills: fills, stroke: stroke, skew: skew, xScale: xScale,
            orientation: orientation, link: link)
    }

    /// This paint's glyphs `range` (glyph indices, within the paint), everything else kept.
    public func selectingGlyphs(_ range: Range<Int>) -> GlyphPaint {
        with(
            glyphs: Array(glyphs[range]), positions: Array(positions[range]),
            stringIndices: Array(stringIndices[range]))
    }

    /// This paint moved by (`dx`, `dy`), everything else kept.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> GlyphPaint {
        with(positions: positions.map { CGPoint(x: $0.x + dx, y: $0.y + dy) })
    }
}

/// The stroke of glyph outlines (a run's `stroke` attribute with a width other than 0).
public struct GlyphStroke: Sendable, Hashable {
    /// The line's full width in points, centred on the outline, with round joins:
    /// |`TextStroke.width`| % of the font size.
    public let width: CGFloat
    /// The stroke colour: the attribute's, else the text colour.
    public let color: Color

    /// A stroke `width` points wide in `color`.
    public init(width: CGFloat, color: Color) {
        self.width = width
        self.color = color
    }
}

/// A run's shadow (``PaintOperation/shadow(_:)``): the coverage of its glyphs, moved, blurred and
/// painted in one colour.
public struct ShadowPaint: Sendable, Equatable {
    /// The glyphs that cast the shadow: the same run as a later ``PaintOperation/glyphs(_:)``.
    public let glyphs: GlyphPaint
    /// How far the shadow is moved, y up: (2, −2) lands right and below. Like `NSShadow.shadowOffset`.
    public let offset: CGSize
    /// The blur radius in points; the blur is a Gaussian whose standard deviation is half of it.
    /// Like `NSShadow.shadowBlurRadius`.
    public let blurRadius: CGFloat
    /// The shadow colour (alpha above 0).
    public let color: Color

    /// The shadow of `glyphs`.
    public init(glyphs: GlyphPaint, offset: CGSize, blurRadius: CGFloat, color: Color) {
        self.glyphs = glyphs
        self.offset = offset
        self.blurRadius = blurRadius
        self.color = color
    }
}

/// An underline, strikethrough or overline over one run (``PaintOperation/decoration(_:)``), with its
/// geometry already laid out as rectangles (see `LineDecorations` for where they go).
public struct DecorationPaint: Sendable, Equatable {
    /// Which line it is.
    public enum Kind: Sendable, Hashable {
        /// Under the baseline. Like `kCTUnderlineStyleAttributeName`.
        case underline
        /// Through the text. Like `NSStrikethroughStyleAttributeName`.
        case strikethrough
        /// Over the text. Like Pango's `overline`.
        case overline
    }

    /// Underline, strikethrough or overline.
    public let kind: Kind
    /// Single, double or thick.
    public let style: TextDecoration.Style
    /// Solid or a dash pattern (in multiples of ``thickness`` from the line's origin).
    public let pattern: TextDecoration.Pattern
    /// The thickness of one line in points (a thick line is twice this).
    public let thickness: CGFloat
    /// The colour: the decoration's own, else the run's foreground colour, else black.
    public let color: Color
    /// The rectangles that draw it, y-up points: one per band (two for double) and dash.
    public let rects: [CGRect]

    /// A decoration drawn by filling `rects`.
    public init(
        kind: Kind, style: TextDecoration.Style, pattern: TextDecoration.Pattern, thickness: CGFloat,
        color: Color, rects: [CGRect]
    ) {
        self.kind = kind
        self.style = style
        self.pattern = pattern
        self.thickness = thickness
        self.color = color
        self.rects = rects
    }
}
