// A text file split the way ../shared/bench's tools split it: paragraphs at '\n' (a final '\n'
// starts no paragraph), each paragraph also ready as its own attributed text in one font.
import Foundation
import GalleyFonts
import GalleyText

/// One benchmark text: its paragraphs, each as an attributed text, and the whole text as one.
struct Corpus: Sendable {
    /// A short name ("en", "zh", "mixed", or the file name).
    let name: String
    /// The file it was read from (nil for built texts).
    let path: String?
    /// The paragraphs with their UTF-16 offsets in the whole text.
    let paragraphs: [(offset: Int, text: String)]
    /// Each paragraph as its own attributed text in the benchmark font.
    let texts: [AttributedText]
    /// The file's text, exactly as read.
    let content: String

    /// Reads `path` (strict UTF-8) and splits it into paragraphs in `font`.
    init(path: String, name: String? = nil, font: Font) {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        guard let content = String(validating: data, as: UTF8.self) else { fail("\(path) is not valid UTF-8") }
        self.init(
            content: content, name: name ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
            path: path, font: font)
    }

    /// Splits `content` into paragraphs in `font`.
    init(content: String, name: String, path: String? = nil, font: Font) {
        self.name = name
        self.path = path
        self.content = content
        var parts = content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if content.hasSuffix("\n") { parts.removeLast() }
        var paragraphs: [(offset: Int, text: String)] = []
        var offset = 0
        for part in parts {
            paragraphs.append((offset, part))
            offset += part.utf16.count + 1
        }
        self.paragraphs = paragraphs
        self.texts = paragraphs.map { AttributedText($0.text, attributes: [.font(font)]) }
    }

    /// The whole text as one attributed text in `font`.
    func whole(font: Font) -> AttributedText {
        AttributedText(content, attributes: [.font(font)])
    }

    /// The size of the file in bytes of UTF-8.
    var byteCount: Int { content.utf8.count }
}
