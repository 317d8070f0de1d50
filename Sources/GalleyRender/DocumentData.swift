// The finished document's bytes as Foundation `Data` or `[UInt8]`, under the naming rule of
// Galley's bytes APIs (a `…Data` method returns `Data`, its `…Bytes` twin `[UInt8]`).
import Foundation

extension PDFDocument {
    /// Finishes the document (ending an open page) and returns its bytes as `Data`. Like
    /// `CGPDFContextClose` on a context writing to a `CFMutableData`, or
    /// `UIGraphicsPDFRenderer.pdfData(actions:)`.
    ///
    /// - Throws: as ``finishBytes()``.
    public func finishData() throws(PDFError) -> Data {
        Data(try finishBytes())
    }

    /// Finishes the document and returns its bytes: ``finishBytes()``'s old name.
    ///
    /// - Throws: as ``finishBytes()``.
    @available(*, deprecated, renamed: "finishBytes()", message: "finishData() returns Data, finishBytes() [UInt8]")
    public func finish() throws(PDFError) -> [UInt8] {
        try finishBytes()
    }
}

extension GraphicsContext {
    /// Ends any open page and returns the document's bytes as `Data`. Like `closePDF` on a
    /// context writing to a `CFMutableData`.
    ///
    /// - Throws: as ``finishDocumentBytes()``.
    public func finishDocumentData() throws(GraphicsContextError) -> Data {
        Data(try finishDocumentBytes())
    }

    /// Ends any open page and returns the document's bytes: ``finishDocumentBytes()``'s old name.
    ///
    /// - Throws: as ``finishDocumentBytes()``.
    @available(
        *, deprecated, renamed: "finishDocumentBytes()",
        message: "finishDocumentData() returns Data, finishDocumentBytes() [UInt8]"
    )
    public func finishDocument() throws(GraphicsContextError) -> [UInt8] {
        try finishDocumentBytes()
    }
}
