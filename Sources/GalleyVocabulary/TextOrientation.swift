// TextOrientation: how characters of horizontal scripts are set in a vertical line (CSS
// `text-orientation`), the value of the text-orientation attribute and what vertical itemizing
// reads to split a vertical paragraph into upright and sideways runs.

/// How a run's characters are set in a vertical line. Like CSS `text-orientation`; CoreText has
/// only `kCTVerticalFormsAttributeName` (vertical forms on: as ``mixed``; off: as
/// ``sideways``).
public enum TextOrientation: String, Sendable, Hashable, CaseIterable {
    /// Each character as its Unicode Vertical_Orientation says (UAX #50): ideographs and kana
    /// upright, Latin and Arabic sideways, rotated 90° clockwise (CSS `mixed`, the default).
    case mixed
    /// Every character upright, Latin letters stacked one below the other (CSS `upright`).
    case upright
    /// Every character sideways, rotated 90° clockwise, as if the horizontal line were turned
    /// (CSS `sideways`).
    case sideways
}
