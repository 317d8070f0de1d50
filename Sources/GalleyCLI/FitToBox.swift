// `--fit-lines N --min-size PT`: the text set at the largest size from --size down to --min-size
// (1 pt steps) at which it fits the box in N lines (Framesetter.fit, which never shapes the text
// again for a size), then laid out once at that size; truncated at --min-size if nothing fits.
import Foundation
import Galley

enum FitToBox {
    /// The document with every font (and the default font) at the fitted size.
    static func fitted(_ document: InputDocument, _ options: Options, lines: Int) throws(CLIError) -> InputDocument {
        let minimum = options.minimumSize ?? options.size / 2
        guard minimum > 0, minimum <= options.size else {
            throw CLIError("--min-size \(minimum) must be above 0 and at most --size \(options.size)")
        }
        let box = CGSize(width: options.width, height: options.height ?? 1e9)
        do throws(LayoutError) {
            let framesetter = try Framesetter(document.text, defaultFont: document.font)
            let fit = try framesetter.fit(
                in: box, maximumNumberOfLines: lines, minimumScale: minimum / options.size, step: 1 / options.size)
            return try scaled(document, by: fit.scale)
        } catch {
            throw CLIError.layoutFailed(error)
        }
    }

    /// The options for laying the fitted text out: at most `lines` lines, truncated at the end.
    static func options(_ options: Options, lines: Int) -> Options {
        var fitted = options
        fitted.fitLines = nil
        if lines > 0 { fitted.maximumLines = lines }
        return fitted
    }

    /// `document` with every font `scale` times its size.
    static func scaled(_ document: InputDocument, by scale: CGFloat) throws(LayoutError) -> InputDocument {
        guard scale != 1 else { return document }
        var builder = AttributedTextBuilder(document.text)
        do {
            for run in document.text.runs {
                let font = run.attributes.font ?? document.font
                try builder.setFont(font.withSize(font.size * scale), range: run.range)
            }
            var copy = document
            copy.text = builder.build()
            copy.font = try document.font.withSize(document.font.size * scale)
            return copy
        } catch {
            throw .invalidGeometry("the text cannot be scaled by \(scale): \(error)")
        }
    }
}
