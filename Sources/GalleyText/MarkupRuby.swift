// MarkupRuby: the state of an open <ruby> element while markup is parsed (HTML's ruby model:
// base text, then <rt> for the text before it, <rp> ignored), and the values of <ruby>'s
// Galley attributes (position, align, overhang, size_factor, scale_to_fit).

import Foundation

/// An open `<ruby>`: where the current base starts, its style, and what `<rt>`/`<rp>` is
/// capturing.
struct MarkupRubyState {
    /// What text inside `<ruby>` goes to now.
    enum Capture: Equatable {
        /// Base text: appended to the string.
        case base
        /// Annotation text of an open `<rt>`.
        case annotation
        /// Fallback parentheses of an open `<rp>`: dropped.
        case ignored
    }

    /// Where the next base begins (UTF-16 offset in the output).
    var baseStart: Int
    var capture: Capture = .base
    /// The text of the open `<rt>` so far.
    var annotation = ""
    let position: RubyPosition
    let alignment: RubyAlignment
    let overhang: RubyOverhang
    let sizeFactor: CGFloat
    let scalesToFit: Bool

    /// The attribute names `<ruby>` accepts.
    static let attributeNames: Set<String> = ["position", "align", "overhang", "size_factor", "scale_to_fit"]

    /// Reads `<ruby>`'s attributes (already checked to be known names); nil for a value it cannot
    /// read, with that attribute's name.
    static func read(_ values: [String: String], baseStart: Int) -> Result<MarkupRubyState, RubyValueError> {
        func pick<T: RawRepresentable>(_ key: String, _ default: T) -> T?
        where T.RawValue == String {
            guard let text = values[key] else { return `default` }
            let camel = text.split(separator: "-").enumerated().map { $0 == 0 ? String($1) : $1.capitalized }
                .joined()
            return T(rawValue: camel)
        }
        guard let position = pick("position", RubyPosition.before) else { return .failure(.init(name: "position")) }
        guard let alignment = pick("align", RubyAlignment.auto) else { return .failure(.init(name: "align")) }
        guard let overhang = pick("overhang", RubyOverhang.auto) else { return .failure(.init(name: "overhang")) }
        var factor: CGFloat = 0.5
        if let text = values["size_factor"] {
            guard let value = Double(text), value.isFinite, value >= 0.01, value <= 10 else {
                return .failure(.init(name: "size_factor"))
            }
            factor = value
        }
        var fit = false
        if let text = values["scale_to_fit"] {
            guard let value = ["true": true, "false": false][text] else { return .failure(.init(name: "scale_to_fit")) }
            fit = value
        }
        return .success(
            MarkupRubyState(
                baseStart: baseStart, position: position, alignment: alignment, overhang: overhang,
                sizeFactor: factor, scalesToFit: fit))
    }

    /// The annotation for the `<rt>` just closed, or nil when it was empty.
    func annotationValue() -> RubyAnnotation? {
        annotation.isEmpty
            ? nil
            : RubyAnnotation(
                annotation, position: position, alignment: alignment, overhang: overhang, sizeFactor: sizeFactor,
                scalesToFit: scalesToFit)
    }
}

/// A `<ruby>` attribute whose value cannot be read.
struct RubyValueError: Error {
    let name: String
}
