// The errors the layout stage throws for bad input: ranges outside the text, widths or rects
// that are NaN, infinite or negative, and a missing default font.
import Foundation

/// Why a typesetter, framesetter or line request failed.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A string range reaches outside the text.
    case rangeOutOfBounds(range: Range<Int>, length: Int)
    /// A string index lies outside the text.
    case indexOutOfBounds(index: Int, length: Int)
    /// A width, height, point or rect component is NaN, infinite where not allowed, or negative.
    case invalidGeometry(String)
    /// Text without a font attribute needs a default font, and none could be loaded.
    case noDefaultFont(String)
    /// An attributed text the layout was given (such as a truncation token) cannot be used.
    case invalidText(String)

    /// One sentence naming the problem.
    public var description: String {
        switch self {
        case .rangeOutOfBounds(let range, let length):
            return
                "range \(range.lowerBound)..<\(range.upperBound) is out of bounds for a text of \(length) UTF-16 code units"
        case .indexOutOfBounds(let index, let length):
            return "index \(index) is out of bounds for a text of \(length) UTF-16 code units"
        case .invalidGeometry(let what):
            return "invalid geometry: \(what)"
        case .noDefaultFont(let why):
            return "no default font could be loaded: \(why)"
        case .invalidText(let why):
            return "invalid text: \(why)"
        }
    }
}
