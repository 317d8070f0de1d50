// The errors a GraphicsContext reports: calls in the wrong order, sizes out of range, and cairo's
// own failures.

/// An error from a ``GraphicsContext``. `description` is one line.
public enum GraphicsContextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A size that is not finite and positive, or larger than a bitmap or page can be.
    case invalidSize(width: Double, height: Double)
    /// A call the context's kind or state does not allow (a page on a bitmap, no open page…).
    case misuse(String)
    /// cairo reported an error; the text is cairo's.
    case cairo(String)

    /// A one-line description for people.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            return
                "invalid context size \(width)×\(height): each side must be finite, positive and at most 16384 pixels"
        case .misuse(let what):
            return "graphics context misuse: \(what)"
        case .cairo(let what):
            return "cairo error: \(what)"
        }
    }
}
