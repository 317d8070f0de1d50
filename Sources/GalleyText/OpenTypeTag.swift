// OpenTypeTag: the rule an OpenType tag (feature or variation axis) must follow, shared by
// FontFeature and FontVariation.

/// Checks of four-character OpenType tags.
enum OpenTypeTag {
    /// Why `tag` is not a valid OpenType tag, or nil when it is one. The OpenType
    /// specification's rule ("Data Types", Tag): four characters in U+0020…U+007E, one to
    /// four of them not spaces, spaces only padding the end (`"cv01"`, `"ab  "`, but not
    /// `" abc"`, `"a bc"` or `"    "`).
    static func invalidReason(_ tag: String, kind: String) -> String? {
        let scalars = Array(tag.unicodeScalars)
        guard scalars.count == 4 else {
            return "\(kind) tag \"\(tag)\" must have exactly 4 characters, not \(scalars.count)"
        }
        guard scalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
            return "\(kind) tag \"\(tag)\" must consist of printable ASCII characters"
        }
        if scalars[0] == " " {
            return "\(kind) tag \"\(tag)\" must not start with a space"
        }
        if let firstSpace = scalars.firstIndex(of: " "), scalars[firstSpace...].contains(where: { $0 != " " }) {
            return "\(kind) tag \"\(tag)\" may have spaces only at its end"
        }
        return nil
    }
}
