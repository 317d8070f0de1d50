// One-call drawing and measuring of attributed text and plain strings, as UIKit's
// NSAttributedString/NSString drawInRect:, drawWithRect:options:context: and
// boundingRectWithSize: are used.
import Foundation
import GalleyLayout
import GalleyText

/// Options of ``AttributedText/boundingRect(with:options:)`` and
/// ``AttributedText/draw(in:into:renderer:options:)``, UIKit's `drawInRect:` forms, which always
/// behave as `StringDrawingOptions.usesLineFragmentOrigin` (multi-line layout in the rect, as
/// `drawInRect:` lays text out). For UIKit's other options use `StringDrawingOptions` with
/// `boundingRect(with:options:context:)` and `draw(with:options:context:into:renderer:)`.
public struct TextDrawingOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// When text is left over, the last line that fits ends with "…". Like
    /// `NSStringDrawingTruncatesLastVisibleLine`.
    public static let truncatesLastVisibleLine = TextDrawingOptions(rawValue: 1 << 5)

    /// The string-drawing options these stand for: `.usesLineFragmentOrigin`, plus
    /// `.truncatesLastVisibleLine` when set.
    var stringDrawingOptions: StringDrawingOptions {
        contains(.truncatesLastVisibleLine)
            ? [.usesLineFragmentOrigin, .truncatesLastVisibleLine] : .usesLineFragmentOrigin
    }
}

extension AttributedText {
    /// Lays the text out in `rect` and draws it into `bitmap` in one call. Like
    /// `-[NSAttributedString drawInRect:]` on iOS, which draws the text wrapped in the rect from its
    /// top-left corner, i.e. `drawWithRect:options:context:` with
    /// `NSStringDrawingUsesLineFragmentOrigin` and no context (the equivalence is inferred from
    /// UIKit's behaviour, Apple does not state it): so this is ``draw(with:options:context:into:renderer:)`` with `.usesLineFragmentOrigin`
    /// (TextKit's line heights), and `draw(in: boundingRect(with:options:context:))` with the same
    /// options draws every line it measured.
    ///
    /// `rect` is in UIKit's coordinates: y grows **downward** from the bitmap's top-left corner,
    /// in points (pixels ÷ `renderer.scale`; at scale 1, pixels). The text wraps in the rect's
    /// width; a line whose fragment does not fit whole in its height is not drawn (a height of 0
    /// is unconstrained, as for UIKit's sizes). The renderer brings its glyph rasterizer:
    /// ``Renderer/rasterizer`` is ``GlyphRasterizer/shared`` unless it was made with another,
    /// e.g. `Renderer(rasterizer: poolRasterizer)` for a thread pool with a rasterizer of its own.
    /// (For CoreText's arithmetic, draw a `Framesetter.frame(in:)` with a ``Renderer``.)
    ///
    /// - Throws: ``LayoutError`` for a rect that is not finite or has a negative size, or when no
    ///   default font can be loaded.
    public func draw(
        in rect: CGRect, into bitmap: inout Bitmap, renderer: Renderer = Renderer(),
        options: TextDrawingOptions = []
    ) throws(LayoutError) {
        guard rect.size.width >= 0, rect.size.height >= 0 else {
            throw .invalidGeometry("drawing rect size \(rect.size.width)×\(rect.size.height) must not be negative")
        }
        try draw(with: rect, options: options.stringDrawingOptions, context: nil, into: &bitmap, renderer: renderer)
    }

    /// The size the text needs when drawn by ``draw(in:into:renderer:options:)`` no wider than
    /// `size.width` and no taller than `size.height` (0, `.greatestFiniteMagnitude` or infinity:
    /// unconstrained), as a rect at the origin: `boundingRect(with:options:context:)` with
    /// `.usesLineFragmentOrigin` (TextKit's line heights), the arithmetic that drawing uses, so a
    /// rect of this size shows every line that was measured. (CoreText's size for a frame is
    /// `Framesetter.suggestFrameSize(range:constraints:)`; the two differ as documented at
    /// `boundingRect(with:options:context:)`.) UIKit users round it up with `ceil` before using it
    /// as a view size; that is harmless here too.
    ///
    /// - Throws: ``LayoutError`` for a NaN or negative size, or when no default font can be loaded.
    public func boundingRect(with size: CGSize, options: TextDrawingOptions = []) throws(LayoutError) -> CGRect {
        guard !(size.width < 0), !(size.height < 0) else {
            throw .invalidGeometry("size \(size.width)×\(size.height) must not be negative")
        }
        let rect = try boundingRect(with: size, options: options.stringDrawingOptions, context: nil)
        return CGRect(origin: .zero, size: rect.size)
    }

    /// Throws unless `rect`'s origin, size and edges are all finite (an origin and a size near
    /// `.greatestFiniteMagnitude` are each finite, but their sum is not).
    static func checkFinite(_ rect: CGRect) throws(LayoutError) {
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        guard values.allSatisfy(\.isFinite), (rect.origin.x + rect.size.width).isFinite,
            (rect.origin.y + rect.size.height).isFinite
        else { throw .invalidGeometry("drawing rect \(rect) must be finite, its edges too") }
    }
}

extension AttributedText {
    /// Draws the text by UIKit's string-drawing rules into `bitmap`. Like
    /// `-[NSAttributedString drawWithRect:options:context:]`. `rect` is in UIKit's coordinates
    /// (y down from the bitmap's top-left corner, points). With `.usesLineFragmentOrigin` its
    /// origin is the top-left corner of the first line fragment and the text wraps in its width
    /// and stops at its height (sizes ≤ 0 unconstrained); without it its origin is the first
    /// line's baseline origin ("The text will be displayed above the rectangle and not inside
    /// of it", Apple's documentation), its height is ignored and each hard line break starts a
    /// line below. The lines are those of `boundingRect(with:options:context:)` for `rect.size`
    /// (TextKit's line heights, `.usesFontLeading`, `.truncatesLastVisibleLine`, the context's
    /// minimum scale factor; see there), so a rect from `boundingRect` offset to a drawing
    /// origin encloses what is drawn. `context.totalBounds` gets that rect offset by `rect.origin`.
    ///
    /// - Throws: ``LayoutError`` for a rect that is not finite, or when no default font can be loaded.
    public func draw(
        with rect: CGRect, options: StringDrawingOptions, context: StringDrawingContext?, into bitmap: inout Bitmap,
        renderer: Renderer = Renderer()
    ) throws(LayoutError) {
        try Self.checkFinite(rect)
        let layout = try Framesetter(self).stringDrawingLayout(
            size: rect.size, options: options, minimumScaleFactor: context?.minimumScaleFactor ?? 0)
        let bounds = layout.boundingRect.offsetBy(dx: rect.minX, dy: rect.minY)
        guard bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite else {
            throw .invalidGeometry(
                "the text drawn at \(rect.origin) would have bounds \(bounds), beyond any coordinate")
        }
        context?.record(scale: layout.scaleFactor, bounds: bounds)
        let frame = layout.frame(drawingAt: rect.origin, canvasHeight: CGFloat(bitmap.height) / renderer.scale)
        renderer.draw(frame, into: &bitmap)
    }
}

extension String {
    /// Draws the string with `attributes` by UIKit's string-drawing rules. Like
    /// `-[NSString drawWithRect:options:attributes:context:]`; see
    /// ``AttributedText/draw(with:options:context:into:renderer:)``.
    public func draw(
        with rect: CGRect, options: StringDrawingOptions, attributes: Attributes, context: StringDrawingContext?,
        into bitmap: inout Bitmap, renderer: Renderer = Renderer()
    ) throws(LayoutError) {
        try AttributedText(self, attributes: attributes).draw(
            with: rect, options: options, context: context, into: &bitmap, renderer: renderer)
    }

    /// Draws the string with `attributes` in `rect` (y down from the bitmap's top-left corner,
    /// points), with the glyphs of `renderer`'s ``Renderer/rasterizer``. Like
    /// `-[NSString drawInRect:withAttributes:]`; see
    /// ``AttributedText/draw(in:into:renderer:options:)``.
    public func draw(
        in rect: CGRect, withAttributes attributes: Attributes, into bitmap: inout Bitmap,
        renderer: Renderer = Renderer(), options: TextDrawingOptions = []
    ) throws(LayoutError) {
        try AttributedText(self, attributes: attributes).draw(
            in: rect, into: &bitmap, renderer: renderer, options: options)
    }

    /// The size the string with `attributes` needs within `size`, as a rect at the origin. Like
    /// `-[NSString boundingRectWithSize:options:attributes:context:]`; see
    /// ``AttributedText/boundingRect(with:options:)``.
    public func boundingRect(
        with size: CGSize, options: TextDrawingOptions = [],
        attributes: Attributes
    ) throws(LayoutError) -> CGRect {
        try AttributedText(self, attributes: attributes).boundingRect(with: size, options: options)
    }
}
