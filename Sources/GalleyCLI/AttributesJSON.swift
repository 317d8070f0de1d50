// The `attributes` member `galley layout --attributes` adds to the JSON: the text's attribute runs
// in Pango's terms (PangoAttributeTerms), so a user can check what a markup document became.
import Foundation
import GalleyText

/// Converts an ``AttributedText``'s attribute runs to `[{"range": [location, length], "pango":
/// {name: value, …}}]`: one entry per stretch of equal attributes (UTF-16 ranges), names sorted,
/// each named and spelled as `pango_attr_list_to_string` does (see `PangoAttributeTerms`).
enum AttributesJSON {
    static func encode(_ text: AttributedText) -> JSON {
        .array(
            PangoAttributeTerms.segments(of: text).map { segment in
                .object([
                    ("range", LayoutJSON.range(segment.range)),
                    ("pango", .object(segment.values.keys.sorted().map { ($0, .string(segment.values[$0]!)) })),
                ])
            })
    }
}
