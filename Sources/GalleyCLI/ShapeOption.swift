// The shapes of `--path` (the frame's outline) and `--exclude` (areas lines flow around), parsed
// from the command line and turned into FramePaths in canvas coordinates.
import Foundation
import Galley
import GalleySync

/// A shape given on the command line, in the frame box's own coordinates: points, y up, origin
/// at the box's bottom-left corner (CoreText's convention, as in `galley layout`'s JSON).
package enum ShapeOption: Equatable, Sendable {
    /// A rectangle; nil: the whole frame box.
    case rectangle(CGRect?)
    /// A rectangle with circular corners of radius `radius`; nil: the whole frame box.
    case rounded(CGRect?, radius: CGFloat)
    /// The ellipse inscribed in a rectangle; nil: in the whole frame box.
    case ellipse(CGRect?)
    /// A closed polygon (even-odd filled).
    case polygon([CGPoint])

    /// True for the whole-box rectangle, the default frame.
    package var isWholeRectangle: Bool { self == .rectangle(nil) }

    /// The path in canvas coordinates, for a frame box `box` (whose origin is the margins).
    package func framePath(box: CGRect) -> FramePath {
        func place(_ r: CGRect?) -> CGRect { r.map { $0.offsetBy(dx: box.minX, dy: box.minY) } ?? box }
        switch self {
        case .rectangle(let r): return .rectangle(place(r))
        case .rounded(let r, let radius): return .roundedRectangle(place(r), cornerWidth: radius, cornerHeight: radius)
        case .ellipse(let r): return .ellipse(in: place(r))
        case .polygon(let points): return .polygon(points.map { CGPoint(x: $0.x + box.minX, y: $0.y + box.minY) })
        }
    }

    /// Parses `--path` (`whole` true: `rect`, `rounded:R`, `ellipse`, `polygon:X1,Y1,X2,Y2,…`,
    /// the first three filling the frame box) or `--exclude` (`rect:X,Y,W,H`,
    /// `rounded:X,Y,W,H,R`, `ellipse:X,Y,W,H`, `polygon:X1,Y1,…`).
    static func parse(_ text: String, option: String, whole: Bool) throws(CLIError) -> ShapeOption {
        let syntax =
            whole
            ? "rect, rounded:R, ellipse or polygon:X1,Y1,X2,Y2,X3,Y3,…"
            : "rect:X,Y,W,H, rounded:X,Y,W,H,R, ellipse:X,Y,W,H or polygon:X1,Y1,X2,Y2,X3,Y3,…"
        let trimmed = text.trimmingWhitespace()
        let kind: String
        var numbers: [CGFloat] = []
        if let colon = trimmed.firstIndex(of: ":") {
            kind = trimmed[..<colon].lowercased()
            for part in trimmed[trimmed.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
            {
                guard let v = Double(part.trimmingWhitespace()), v.isFinite,
                    abs(v) <= Double(CommandLineParser.maximumLength)
                else {
                    throw CLIError("\(option): '\(part)' is not a number in '\(text)' (expected \(syntax))")
                }
                numbers.append(CGFloat(v))
            }
        } else {
            kind = trimmed.lowercased()
        }
        func rect(_ values: ArraySlice<CGFloat>) throws(CLIError) -> CGRect {
            let v = Array(values)
            guard v[2] >= 0, v[3] >= 0 else {
                throw CLIError("\(option): width and height must not be negative in '\(text)'")
            }
            return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        switch (kind, whole, numbers.count) {
        case ("rect", true, 0): return .rectangle(nil)
        case ("ellipse", true, 0): return .ellipse(nil)
        case ("rounded", true, 1):
            guard numbers[0] >= 0 else {
                throw CLIError("\(option): the corner radius must not be negative in '\(text)'")
            }
            return .rounded(nil, radius: numbers[0])
        case ("rect", false, 4): return .rectangle(try rect(numbers[0..<4]))
        case ("ellipse", false, 4): return .ellipse(try rect(numbers[0..<4]))
        case ("rounded", false, 5):
            guard numbers[4] >= 0 else {
                throw CLIError("\(option): the corner radius must not be negative in '\(text)'")
            }
            return .rounded(try rect(numbers[0..<4]), radius: numbers[4])
        case ("polygon", _, let n) where n >= 6 && n % 2 == 0:
            return .polygon(stride(from: 0, to: n, by: 2).map { CGPoint(x: numbers[$0], y: numbers[$0 + 1]) })
        case ("polygon", _, _):
            throw CLIError(
                "\(option): a polygon needs at least 3 points as X,Y pairs, got \(numbers.count) numbers in '\(text)'")
        default:
            throw CLIError("\(option) must be \(syntax), got '\(text)'")
        }
    }
}
