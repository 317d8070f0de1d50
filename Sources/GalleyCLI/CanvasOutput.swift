// `galley render --rotate DEG`, `--annotate` and `--waterfall`: the page drawn through a
// GraphicsContext (Galley's CGContext) into every output format, as pango-view's options of the
// same names draw through cairo.
import Foundation
import Galley

/// The outputs of `render` that go through a ``GraphicsContext``.
///
/// - `--rotate DEG` turns the whole drawing DEG degrees counter-clockwise on the page (as
///   pango-view's `--rotate`): the content (the canvas without its margins) is turned about its
///   centre, and the canvas is the turned content's bounding box, each side rounded up to a whole
///   pixel, plus the margins — pango-view's rule for its canvas.
/// - `--annotate` draws over the text what layout decided (``Annotation``), with a legend below.
/// - `--waterfall` lays the text out at each of ``waterfallSizes`` (as pango-view's waterfall:
///   8 to 48 points in steps of 4), smallest on top, each as tall as it needs.
///
/// Bitmaps are drawn by a bitmap context (text through the bitmap renderer when nothing is
/// turned, else from outlines moved by the transform), PDF, PostScript and SVG by a document
/// context (text as text with its clusters, so a turned PDF can still be searched).
package enum CanvasOutput {
    /// The sizes of `--waterfall`, in points: pango-view's 8, 12, … 48.
    package static let waterfallSizes: [CGFloat] = Array(stride(from: 8, through: 48, by: 4))

    /// Whether `options` ask for a drawing through the context.
    static func applies(_ options: Options) -> Bool {
        options.rotation != 0 || options.annotate || options.waterfall
    }

    /// What is drawn: the frames (at their places on the unturned canvas) and the canvas size.
    struct Scene {
        var frames: [Frame]
        /// The unturned canvas in points, margins included.
        var size: CGSize
        /// The height of the legend strip at the bottom (0 without `--annotate`).
        var legendHeight: CGFloat
    }

    /// The file's bytes in `format`.
    static func image(_ first: Frame, document: InputDocument, options: Options, format: OutputFormat)
        throws(CLIError) -> [UInt8]
    {
        let scene = try scene(first, document: document, options: options)
        let turned = turnedSize(scene.size, margins: options.margins, degrees: options.rotation, scale: options.scale)
        switch format {
        case .pdf, .ps, .svg:
            let kind: GraphicsContext.DocumentFormat = format == .pdf ? .pdf : format == .ps ? .postScript : .svg
            let g = GraphicsContext(document: kind)
            do {
                try g.beginPage(size: turned)
                draw(scene, document: document, options: options, in: g)
                return try g.finishDocumentBytes()
            } catch {
                throw CLIError("cannot write the \(format.rawValue.uppercased()) page: \(error)")
            }
        case .png, .jpg, .webp, .ppm:
            let bitmap: Bitmap
            do {
                let g = try GraphicsContext(width: turned.width, height: turned.height, scale: options.scale)
                draw(scene, document: document, options: options, in: g)
                bitmap = try g.makeImage()
            } catch {
                throw CLIError("cannot render a \(turned.width)×\(turned.height)-point canvas: \(error)")
            }
            do {
                switch format {
                case .jpg: return try bitmap.jpegBytes()
                case .webp: return try bitmap.webpBytes()
                case .ppm: return bitmap.ppmBytes()
                default: return try bitmap.pngBytes()
                }
            } catch {
                throw .internalFailure("cannot encode \(format.rawValue.uppercased()): \(error)")
            }
        }
    }

    /// The canvas of `size` (margins included) turned by `degrees`: the content's bounding box
    /// after the turn, each side rounded up to whole pixels at `scale`, plus the margins.
    static func turnedSize(_ size: CGSize, margins: Margins, degrees: CGFloat, scale: CGFloat) -> CGSize {
        guard degrees != 0 else { return size }
        let w = size.width - margins.left - margins.right, h = size.height - margins.top - margins.bottom
        let a = Double(degrees) * .pi / 180
        let c = abs(cos(a)), s = abs(sin(a))
        let bw = ((Double(w) * c + Double(h) * s) * Double(scale)).rounded(.up) / Double(scale)
        let bh = ((Double(w) * s + Double(h) * c) * Double(scale)).rounded(.up) / Double(scale)
        return CGSize(
            width: CGFloat(bw) + margins.left + margins.right, height: CGFloat(bh) + margins.top + margins.bottom)
    }

    /// The frames to draw and the canvas: the one frame, or the waterfall's, laid out again above
    /// the legend's strip when there is one.
    static func scene(_ first: Frame, document: InputDocument, options: Options) throws(CLIError) -> Scene {
        let legend = options.annotate ? Annotation.legendHeight : 0
        if !options.waterfall {
            guard legend > 0 else {
                return Scene(frames: [first], size: GalleyTool.canvasExtent(first, options), legendHeight: 0)
            }
            var raised = options
            raised.margins.bottom += legend
            let frame = try GalleyTool.layOut(document, raised)
            return Scene(frames: [frame], size: GalleyTool.canvasExtent(frame, raised), legendHeight: legend)
        }
        // Each size laid out once to learn its height, then again at its place (bottom up).
        var documents: [InputDocument] = []
        var heights: [CGFloat] = []
        var flat = options
        flat.margins = Margins(top: 0, right: options.margins.right, bottom: 0, left: options.margins.left)
        for size in waterfallSizes {
            let sized = try scaled(document, by: size / options.size)
            documents.append(sized)
            heights.append(GalleyTool.canvasExtent(try GalleyTool.layOut(sized, flat), flat).height)
        }
        var frames: [Frame] = []
        var y = options.margins.bottom + legend
        var width: CGFloat = 0
        for (sized, height) in zip(documents, heights).reversed() {
            var placed = flat
            placed.margins.bottom = y
            let frame = try GalleyTool.layOut(sized, placed)
            frames.insert(frame, at: 0)
            width = max(width, GalleyTool.canvasExtent(frame, placed).width)
            y += height
        }
        return Scene(frames: frames, size: CGSize(width: width, height: y + options.margins.top), legendHeight: legend)
    }

    /// `document` with every run's font `factor` times its size.
    static func scaled(_ document: InputDocument, by factor: CGFloat) throws(CLIError) -> InputDocument {
        var builder = AttributedTextBuilder(document.text)
        var result = document
        do {
            for run in document.text.runs {
                guard let font = run.attributes.font else { continue }
                try builder.setFont(try font.withSize(font.size * factor), range: run.range)
            }
            result.text = builder.build()
            result.font = try document.font.withSize(document.font.size * factor)
        } catch {
            throw CLIError("cannot scale the text for --waterfall: \(error)")
        }
        return result
    }

    /// Draws the scene into `g`: the background over the whole canvas, then (turned about the
    /// content's centre) each frame, its annotations and the legend.
    static func draw(_ scene: Scene, document: InputDocument, options: Options, in g: GraphicsContext) {
        g.setFillColor(options.background)
        g.fill(CGRect(origin: .zero, size: g.size))
        if options.rotation != 0 {
            let m = options.margins
            let content = CGSize(
                width: scene.size.width - m.left - m.right, height: scene.size.height - m.top - m.bottom)
            let turned = CGSize(width: g.size.width - m.left - m.right, height: g.size.height - m.top - m.bottom)
            g.translateBy(x: m.left + turned.width / 2, y: m.bottom + turned.height / 2)
            g.rotate(by: options.rotation * .pi / 180)
            g.translateBy(x: -(m.left + content.width / 2), y: -(m.bottom + content.height / 2))
        }
        for frame in scene.frames {
            frame.draw(in: g) { placeholder in document.images[placeholder.delegate.value] }
            if options.annotate { Annotation.draw(frame, in: g) }
        }
        if options.annotate {
            Annotation.drawLegend(in: g, at: CGPoint(x: options.margins.left, y: options.margins.bottom))
        }
    }
}

extension CommandLineParser {
    /// Applies `--rotate DEG` (a finite number of degrees, at most 36 000 either way); false for
    /// any other option.
    static func applyCanvasOption(_ name: String, _ value: String, to options: inout Options) throws(CLIError)
        -> Bool
    {
        guard name == "--rotate" else { return false }
        options.rotation = try number(value, option: name, in: -36_000...36_000)
        return true
    }
}
