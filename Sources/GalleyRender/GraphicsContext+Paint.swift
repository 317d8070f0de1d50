// A GraphicsContext's paint: fill and stroke colours, global alpha, line parameters, blend mode and
// interpolation quality, and the one place where every drawing operation is composited (with its
// alpha, blend mode and shadow).
import CCairo
import Foundation
import GalleyText

extension GraphicsContext {
    // MARK: - Colours and alpha

    /// The colour of fills (alpha included). Like `setFillColor(_:)`.
    public func setFillColor(_ color: Color) { state.fillColor = color }
    /// The colour of strokes (alpha included). Like `setStrokeColor(_:)`.
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }
    /// The opacity of everything drawn, 0...1 (clamped). Like `setAlpha(_:)`.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = Bitmap.unit(Double(alpha)) }
    /// How paint combines with what is drawn. Like `setBlendMode(_:)`.
    public func setBlendMode(_ mode: BlendMode) { state.blendMode = mode }
    /// How images are filtered. Like `interpolationQuality`.
    public var interpolationQuality: InterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }
    /// The current fill colour.
    public var fillColor: Color { state.fillColor }
    /// The current stroke colour.
    public var strokeColor: Color { state.strokeColor }
    /// The current global alpha.
    public var alpha: CGFloat { CGFloat(state.alpha) }
    /// The current blend mode.
    public var blendMode: BlendMode { state.blendMode }

    // MARK: - Lines

    /// The width of strokes in user space (at stroke time). Like `setLineWidth(_:)`.
    public func setLineWidth(_ width: CGFloat) {
        guard let cr, width.isFinite, width >= 0 else { return }
        cairo_set_line_width(cr, Double(width))
    }

    /// Like `setLineCap(_:)`.
    public func setLineCap(_ cap: LineCap) {
        guard let cr else { return }
        switch cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }

    /// Like `setLineJoin(_:)`.
    public func setLineJoin(_ join: LineJoin) {
        guard let cr else { return }
        switch join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    /// The ratio of miter length to line width past which a miter join is bevelled (default
    /// 10, as in CoreGraphics and cairo). Like `setMiterLimit(_:)`.
    public func setMiterLimit(_ limit: CGFloat) {
        guard let cr, limit.isFinite, limit >= 1 else { return }
        cairo_set_miter_limit(cr, Double(limit))
    }

    /// Dashes: alternating on and off lengths from `phase`; empty for solid lines. Like
    /// `setLineDash(phase:lengths:)`. Lengths that are negative, not finite or all zero give
    /// solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard let cr else { return }
        let values = lengths.map(Double.init)
        guard !values.isEmpty, values.allSatisfy({ $0.isFinite && $0 >= 0 }), values.contains(where: { $0 > 0 }),
            phase.isFinite
        else {
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        cairo_set_dash(cr, values, Int32(values.count), Double(phase))
    }

    // MARK: - Compositing

    /// Sets `color` as cairo's source.
    static func setSource(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(
            cr, Bitmap.unit(color.red), Bitmap.unit(color.green), Bitmap.unit(color.blue), Bitmap.unit(color.alpha))
    }

    /// cairo's operator for a blend mode.
    static func cairoOperator(_ mode: BlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .copy: CAIRO_OPERATOR_SOURCE
        case .clear: CAIRO_OPERATOR_CLEAR
        }
    }

    /// Draws one operation: `body` draws it into a cairo context whose transform is the user
    /// space's (it sets its own path and source). The shadow, when set, is drawn first; then the
    /// operation with the global alpha and the blend mode: directly when the alpha is 1, else as
    /// a group painted with that alpha (so overlapping parts of one operation, a fill and its
    /// stroke, are not darkened twice, as in CoreGraphics). On an SVG page `svg` gives the
    /// operation's element (``paintSVG(_:element:body:)``).
    func paint(svg: (() -> String?)? = nil, _ body: (OpaquePointer) -> Void) {
        guard let cr = drawable else { return }
        if let page = svgPage {
            paintSVG(page, element: svg, body: body)
            return
        }
        if let shadow = state.shadow, shadow.color.alpha > 0 { drawShadow(shadow, of: body) }
        let op = Self.cairoOperator(state.blendMode)
        if state.alpha >= 1 {
            cairo_save(cr)
            cairo_set_operator(cr, op)
            body(cr)
            cairo_restore(cr)
            return
        }
        guard state.alpha > 0 else { return }
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        body(cr)
        cairo_pop_group_to_source(cr)
        cairo_save(cr)
        cairo_set_operator(cr, op)
        cairo_paint_with_alpha(cr, state.alpha)
        cairo_restore(cr)
    }
}
