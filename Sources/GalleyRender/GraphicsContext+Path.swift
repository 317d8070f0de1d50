// A GraphicsContext's current path: built in user space (each point placed by the transform current
// when it is added, as in CoreGraphics), then filled, stroked or made the clip.
import CCairo
import Foundation
import GalleyFonts

extension GraphicsContext {
    // MARK: - Building

    /// Discards the current path and starts a new one. Like `beginPath()`.
    public func beginPath() {
        if let cr { cairo_new_path(cr) }
    }

    /// Starts a subpath at `point`. Like `move(to:)`.
    public func move(to point: CGPoint) {
        guard let cr, Self.finite(point) else { return }
        cairo_move_to(cr, Double(point.x), Double(point.y))
    }

    /// A line from the current point to `point` (a move when there is no current point). Like
    /// `addLine(to:)`.
    public func addLine(to point: CGPoint) {
        guard let cr, Self.finite(point) else { return }
        cairo_line_to(cr, Double(point.x), Double(point.y))
    }

    /// A cubic Bézier curve from the current point. Like `addCurve(to:control1:control2:)`.
    public func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard let cr, Self.finite(point), Self.finite(control1), Self.finite(control2) else { return }
        if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, Double(control1.x), Double(control1.y)) }
        cairo_curve_to(
            cr, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y), Double(point.x),
            Double(point.y))
    }

    /// A quadratic Bézier curve from the current point, as the exactly equal cubic (cairo has
    /// no quadratic curves). Like `addQuadCurve(to:control:)`.
    public func addQuadCurve(to point: CGPoint, control: CGPoint) {
        guard let cr, Self.finite(point), Self.finite(control) else { return }
        var x0 = 0.0, y0 = 0.0
        if cairo_has_current_point(cr) != 0 {
            cairo_get_current_point(cr, &x0, &y0)
        } else {
            (x0, y0) = (Double(control.x), Double(control.y))
            cairo_move_to(cr, x0, y0)
        }
        let cx = Double(control.x), cy = Double(control.y), x = Double(point.x), y = Double(point.y)
        cairo_curve_to(
            cr, x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0), x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
    }

    /// Closes the current subpath. Like `closePath()`.
    public func closePath() {
        if let cr { cairo_close_path(cr) }
    }

    /// Adds a rectangle as a closed subpath. Like `addRect(_:)`.
    public func addRect(_ rect: CGRect) {
        var path = ShapePath()
        path.addRect(rect)
        addPath(path)
    }

    /// Adds the ellipse inscribed in `rect`. Like `addEllipse(in:)`.
    public func addEllipse(in rect: CGRect) {
        var path = ShapePath()
        path.addEllipse(in: rect)
        addPath(path)
    }

    /// Adds a circular arc around `center` from `startAngle` to `endAngle` (radians, from +x
    /// toward +y), clockwise or not in user space, with a line from the current point to its
    /// start. Like `addArc(center:radius:startAngle:endAngle:clockwise:)`.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard let cr, Self.finite(center), radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite
        else { return }
        // Counter-clockwise in y-up terms is the direction of growing angle: cairo_arc's.
        if clockwise {
            cairo_arc_negative(
                cr, Double(center.x), Double(center.y), Double(radius), Double(startAngle), Double(endAngle))
        } else {
            cairo_arc(cr, Double(center.x), Double(center.y), Double(radius), Double(startAngle), Double(endAngle))
        }
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and
    /// to the line from there to `tangent2End`, with a line from the current point to the arc's
    /// start (PostScript's `arct`). Like `addArc(tangent1End:tangent2End:radius:)`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard let cr, cairo_has_current_point(cr) != 0 else {
            move(to: tangent1End)
            return
        }
        var x0 = 0.0, y0 = 0.0
        cairo_get_current_point(cr, &x0, &y0)
        var path = ShapePath()
        path.move(to: CGPoint(x: x0, y: y0))
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        appendElements(path.elements.dropFirst())
    }

    /// Adds a rounded rectangle. Like `addPath(CGPath(roundedRect:cornerWidth:cornerHeight:transform:))`.
    public func addRoundedRect(_ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        var path = ShapePath()
        path.addRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        addPath(path)
    }

    /// Adds every subpath of `path`. Like `addPath(_:)`.
    public func addPath(_ path: ShapePath) {
        appendElements(path.elements[...])
    }

    func appendElements(_ elements: ArraySlice<ShapePath.Element>) {
        for element in elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closePath()
            }
        }
    }

    /// Whether the current path has no elements. Like `isPathEmpty`.
    public var isPathEmpty: Bool {
        guard let cr else { return true }
        guard let path = cairo_copy_path(cr) else { return true }
        defer { cairo_path_destroy(path) }
        return path.pointee.num_data == 0
    }

    /// The current point in user space, or nil. Like `currentPointOfPath`.
    public var currentPointOfPath: CGPoint? {
        guard let cr, cairo_has_current_point(cr) != 0 else { return nil }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// The bounding box of the current path (control points included) in user space; `.null`
    /// when it is empty. Like `boundingBoxOfPath`.
    public var boundingBoxOfPath: CGRect {
        guard let cr, !isPathEmpty else { return .null }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_path_extents(cr, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Using

    /// Fills the current path with the fill colour and consumes it. Like `fillPath(using:)`.
    public func fillPath(using rule: PathFillRule = .winding) {
        drawPath(using: rule == .winding ? .fill : .eoFill)
    }

    /// Strokes the current path with the stroke colour and line parameters and consumes it. Like
    /// `strokePath()`.
    public func strokePath() {
        drawPath(using: .stroke)
    }

    /// Fills `rect` with the fill colour (the current path is left alone). Like `fill(_:)`.
    public func fill(_ rect: CGRect) {
        guard let cr else { return }
        let saved = cairo_copy_path(cr)
        defer { cairo_path_destroy(saved) }
        cairo_new_path(cr)
        addRect(rect)
        fillPath()
        if let saved { cairo_append_path(cr, saved) }
    }

    /// Strokes `rect` (the current path is left alone). Like `stroke(_:)`.
    public func stroke(_ rect: CGRect) {
        guard let cr else { return }
        let saved = cairo_copy_path(cr)
        defer { cairo_path_destroy(saved) }
        cairo_new_path(cr)
        addRect(rect)
        strokePath()
        if let saved { cairo_append_path(cr, saved) }
    }

    /// Fills the ellipse inscribed in `rect`. Like `fillEllipse(in:)`.
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes the ellipse inscribed in `rect`. Like `strokeEllipse(in:)`.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes straight segments between pairs of points. Like `strokeLineSegments(between:)`.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Fills and/or strokes the current path as `mode` says, then consumes it. Like
    /// `drawPath(using:)`.
    public func drawPath(using mode: PathDrawingMode) {
        guard let cr = drawable, let path = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(path) }
        cairo_new_path(cr)
        let fills = mode != .stroke
        let strokes = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        let rule = mode == .eoFill || mode == .eoFillStroke ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
        let fillColor = state.fillColor, strokeColor = state.strokeColor
        let svg = {
            SVGPage.pathElement(
                path, matrix: self.svgMatrix, fill: fills ? fillColor : nil, evenOdd: rule == CAIRO_FILL_RULE_EVEN_ODD,
                stroke: strokes ? SVGPage.strokeAttributes(cr, strokeColor) : nil)
        }
        paint(svg: svg) { c in
            cairo_append_path(c, path)
            if fills {
                Self.setSource(c, fillColor)
                cairo_set_fill_rule(c, rule)
                if strokes { cairo_fill_preserve(c) } else { cairo_fill(c) }
            }
            if strokes {
                Self.setSource(c, strokeColor)
                cairo_stroke(c)
            }
        }
    }

    /// Intersects the clip with the current path and consumes it. Like `clip(using:)`.
    public func clip(using rule: PathFillRule = .winding) {
        guard let cr else { return }
        state.isClipped = true
        svgClip(evenOdd: rule == .evenOdd)
        cairo_set_fill_rule(cr, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
    }

    /// Intersects the clip with `rect`; the current path is kept, as CoreGraphics keeps it. Like
    /// `clip(to:)`.
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of `rects`; the current path is kept. Like
    /// `clip(to: [CGRect])`.
    public func clip(to rects: [CGRect]) {
        guard let cr else { return }
        state.isClipped = true
        let saved = cairo_copy_path(cr)
        defer { cairo_path_destroy(saved) }
        cairo_new_path(cr)
        for rect in rects { addRect(rect) }
        svgClip(evenOdd: false)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        if let saved, saved.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, saved) }
    }

    /// Removes the clip entirely. Like `resetClip()`.
    public func resetClip() {
        state.isClipped = false
        state.svgClips = []
        if let cr { cairo_reset_clip(cr) }
    }

    /// The bounding box of the clip in user space. Like `boundingBoxOfClipPath`.
    public var boundingBoxOfClipPath: CGRect {
        guard let cr else { return .null }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func finite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
}
