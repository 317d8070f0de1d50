// `galley render -o page.pdf` (and `.ps`): the frame drawn into a PDF or PostScript document through
// cairo, continued on further pages when a fixed-height frame cannot hold the whole text.
import Foundation
import Galley

/// The PDF and PostScript outputs of `render`.
///
/// Pages: each page is the canvas of the PNG output (margins around the frame box, in points,
/// `--scale` not applied). Without `--height` the frame is as tall as the text and there is one
/// page. With `--height` (and neither `--max-lines` nor `--ellipsize`, which cut the text on
/// purpose), text that does not fit continues on the next page in a frame of the same box, path
/// and exclusions, starting where the previous frame's visible range ends — CTFramesetter's
/// frame after frame at `visibleStringRange.upperBound` — until all text is placed, a frame
/// places nothing (a line taller than the box), or ``maximumPages`` pages. In a vertical writing
/// mode the mirror holds: without `--width` the frame is as wide as its columns and there is
/// one page; with `--width`, columns that do not fit continue on the next page.
enum PDFOutput {
    /// The most pages one document gets.
    static let maximumPages = 10_000

    /// The document's bytes: `first` on page 1, then the continuation frames.
    ///
    /// - Throws: status 2 when a page is larger than PDF allows (``PDFDocument/maximumPageSide``
    ///   points a side) or smaller than its minimum; status 1 when cairo fails.
    static func document(_ first: Frame, document: InputDocument, options: Options, format: OutputFormat)
        throws(CLIError) -> [UInt8]
    {
        let pdf = PDFDocument(format: format == .ps ? .postScript : .pdf)
        let size = GalleyTool.canvasExtent(first, options)
        var frame = first
        while true {
            do {
                try pdf.beginPage(size: size)
                try pdf.draw(frame) { placeholder in document.images[placeholder.delegate.value] }
                try pdf.endPage()
            } catch {
                throw cliError(error, options)
            }
            guard continues(frame, options), pdf.pageCount < maximumPages,
                let next = try nextFrame(after: frame, document: document, options: options),
                !next.visibleStringRange.isEmpty
            else { break }
            frame = next
        }
        do {
            return try pdf.finishBytes()
        } catch {
            throw cliError(error, options)
        }
    }

    /// Whether text remains after `frame` that a next page should take.
    static func continues(_ frame: Frame, _ options: Options) -> Bool {
        (options.writingMode.lineAxis == .horizontal ? options.height != nil : options.fixedWidth != nil)
            && options.maximumLines == 0 && options.ellipsize == nil
            && frame.visibleStringRange.upperBound < frame.stringRange.upperBound
    }

    /// The frame of the next page: the same box, path and exclusions as `frame`'s, for the text
    /// after its visible range.
    static func nextFrame(after frame: Frame, document: InputDocument, options: Options) throws(CLIError) -> Frame? {
        let vertical = options.writingMode.lineAxis == .vertical
        guard let height = vertical ? options.columnLength : options.height else { return nil }
        let range = frame.visibleStringRange.upperBound..<frame.stringRange.upperBound
        let width = vertical ? GalleyTool.columnBoxWidth(options) ?? frame.rect.width : options.width
        let box = CGRect(x: options.margins.left, y: options.margins.bottom, width: width, height: height)
        var frameOptions = options.frameOptions
        frameOptions.exclusionPaths = options.exclusions.map { $0.framePath(box: box) }
        do {
            let framesetter = try Framesetter(document.text, defaultFont: document.font)
            if options.path.isWholeRectangle {
                return try framesetter.frame(in: box, range: range, options: frameOptions)
            }
            return try framesetter.frame(in: options.path.framePath(box: box), range: range, options: frameOptions)
        } catch {
            throw CLIError.layoutFailed(error)
        }
    }

    /// The tool's error for a document error: the output's name and the one-line message,
    /// status 2 for a page size (the input's fault), 1 otherwise.
    static func cliError(_ error: PDFError, _ options: Options) -> CLIError {
        let name = options.output.map { $0 == "-" ? "standard output" : "'\($0)'" } ?? "the document"
        if case .invalidPageSize = error { return CLIError("cannot write \(name): \(error)") }
        return .internalFailure("cannot write \(name): \(error)")
    }
}
