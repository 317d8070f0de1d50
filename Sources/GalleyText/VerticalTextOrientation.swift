// VerticalTextOrientation: how the characters of a run stand in a vertical line, the value of
// the text-orientation attribute (CSS `text-orientation`), read with the vertical-forms
// attribute (`kCTVerticalFormsAttributeName`).

/// How a run's characters are set in a vertical line. Like CSS `text-orientation`; CoreText has
/// only `kCTVerticalFormsAttributeName` (vertical forms on: as `mixed`; off: as `sideways`).
/// Layout maps it to GalleyUnicode's `TextOrientation` (UAX #50).
public enum VerticalTextOrientation: String, Sendable, Hashable, CaseIterable {
    /// Each character as its Unicode Vertical_Orientation says: ideographs and kana upright,
    /// Latin and Arabic rotated 90° clockwise (CSS `mixed`, the default).
    case mixed
    /// Every character upright (CSS `upright`).
    case upright
    /// Every character rotated 90° clockwise, as a horizontal line turned (CSS `sideways`).
    case sideways
}
