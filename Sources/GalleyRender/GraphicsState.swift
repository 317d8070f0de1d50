// The words of a GraphicsContext's graphics state, as CoreGraphics names them: line caps and joins,
// fill rules, path drawing modes, blend modes, interpolation quality, and the state that
// saveGState/restoreGState keep beside the transform and clip that cairo keeps itself.
import Foundation
import GalleyText

/// How the ends of stroked open subpaths are drawn. Like CGLineCap.
public enum LineCap: Sendable, Hashable {
    /// Squared off at the end point. Like `.butt`.
    case butt
    /// A half circle around the end point. Like `.round`.
    case round
    /// Squared off half the line width beyond the end point. Like `.square`.
    case square
}

/// How stroked segments meet. Like CGLineJoin.
public enum LineJoin: Sendable, Hashable {
    /// Sharp corners, bevelled past the miter limit. Like `.miter`.
    case miter
    /// Rounded corners. Like `.round`.
    case round
    /// Corners cut off. Like `.bevel`.
    case bevel
}

/// Which points a path encloses. Like CGPathFillRule.
public enum PathFillRule: Sendable, Hashable {
    /// Non-zero winding number. Like `.winding`.
    case winding
    /// Odd number of crossings. Like `.evenOdd`.
    case evenOdd
}

/// What ``GraphicsContext/drawPath(using:)`` does with the current path. Like CGPathDrawingMode.
public enum PathDrawingMode: Sendable, Hashable {
    /// Fill, non-zero winding. Like `.fill`.
    case fill
    /// Fill, even-odd. Like `.eoFill`.
    case eoFill
    /// Stroke. Like `.stroke`.
    case stroke
    /// Fill (non-zero), then stroke. Like `.fillStroke`.
    case fillStroke
    /// Fill (even-odd), then stroke. Like `.eoFillStroke`.
    case eoFillStroke
}

/// How new paint combines with what is already drawn. Like CGBlendMode (the separable and
/// non-separable PDF blend modes, which cairo's operators of the same names implement).
public enum BlendMode: Sendable, Hashable, CaseIterable {
    /// Source over. Like `.normal`.
    case normal
    /// Like `.multiply`.
    case multiply
    /// Like `.screen`.
    case screen
    /// Like `.overlay`.
    case overlay
    /// Like `.darken`.
    case darken
    /// Like `.lighten`.
    case lighten
    /// Like `.colorDodge`.
    case colorDodge
    /// Like `.colorBurn`.
    case colorBurn
    /// Like `.softLight`.
    case softLight
    /// Like `.hardLight`.
    case hardLight
    /// Like `.difference`.
    case difference
    /// Like `.exclusion`.
    case exclusion
    /// Like `.hue`.
    case hue
    /// Like `.saturation`.
    case saturation
    /// Like `.color`.
    case color
    /// Like `.luminosity`.
    case luminosity
    /// Paint replaces what is under it, alpha included. Like `.copy`.
    case copy
    /// Clears what is under the paint. Like `.clear`.
    case clear
}

/// How images are filtered when drawn at another size. Like CGInterpolationQuality.
public enum InterpolationQuality: Sendable, Hashable {
    /// The context's choice (``medium``). Like `.default`.
    case `default`
    /// Nearest neighbour: hard pixel edges. Like `.none`.
    case none
    /// Like `.low`.
    case low
    /// Like `.medium`.
    case medium
    /// Like `.high`.
    case high
}

/// How text is drawn: filled, stroked, both, not at all, and whether its outlines are added to
/// the clip. Like CGTextDrawingMode.
public enum TextDrawingMode: Sendable, Hashable, CaseIterable {
    /// Filled in the run's colour (the default). Like `.fill`.
    case fill
    /// Outlines stroked in the stroke colour with the line width. Like `.stroke`.
    case stroke
    /// Filled, then stroked. Like `.fillStroke`.
    case fillStroke
    /// Not painted (the text position still moves for the caller). Like `.invisible`.
    case invisible
    /// Filled, then added to the clip. Like `.fillClip`.
    case fillClip
    /// Stroked, then added to the clip. Like `.strokeClip`.
    case strokeClip
    /// Filled and stroked, then added to the clip. Like `.fillStrokeClip`.
    case fillStrokeClip
    /// Only added to the clip. Like `.clip`.
    case clip

    /// Whether the glyphs are filled.
    var fills: Bool { [.fill, .fillStroke, .fillClip, .fillStrokeClip].contains(self) }
    /// Whether the glyphs are stroked.
    var strokes: Bool { [.stroke, .fillStroke, .strokeClip, .fillStrokeClip].contains(self) }
    /// Whether the glyph outlines become the clip.
    var clips: Bool { [.fillClip, .strokeClip, .fillStrokeClip, .clip].contains(self) }
}

/// A shadow that every drawing operation casts while it is set. Like the arguments of
/// `CGContextSetShadowWithColor`.
public struct Shadow: Sendable, Hashable {
    /// The offset in the context's base space (not moved by the CTM, as in CoreGraphics): y up
    /// in a y-up context, y down in a y-down one.
    public var offset: CGSize
    /// The blur radius in base-space points; the shadow's edge is a Gaussian of σ = blur / 2.
    public var blur: CGFloat
    /// The shadow's colour (its alpha included).
    public var color: Color

    /// A shadow at `offset` with `blur`, in `color`.
    public init(offset: CGSize, blur: CGFloat, color: Color) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}

/// The part of a context's graphics state that Galley keeps beside cairo's own (cairo keeps the
/// transform, clip and line parameters): pushed and popped by saveGState / restoreGState.
struct GraphicsState: Sendable {
    var fillColor = Color.black
    var strokeColor = Color.black
    var alpha = 1.0
    var blendMode = BlendMode.normal
    var shadow: Shadow?
    var interpolationQuality = InterpolationQuality.default
    var textDrawingMode = TextDrawingMode.fill
    /// Whether a clip was set since the state began (cairo keeps the clip itself).
    var isClipped = false
    /// On an SVG page: the ids of the `<clipPath>`s in effect, outermost first.
    var svgClips: [Int] = []
}
