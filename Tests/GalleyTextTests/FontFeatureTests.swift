// Tests of FontFeature and FontVariation: the OpenType tag rule (OpenType specification,
// "Data types": a Tag is four bytes in 0x20…0x7E, one to four of them not spaces, padded
// with trailing spaces only) and the
// feature-string syntax of hb_feature_from_string / CSS font-feature-settings, whose
// HarfBuzz documentation lists: "kern" → on (1), "+kern" → on, "-kern" → off (0),
// "kern=0" → off, "kern=1" → on, "aalt=2" → alternate 2, and `"kern" on` in CSS form.

import Foundation
import GalleyText
import Testing

@Suite("Font features and variations")
struct FontFeatureTests {
    @Test(arguments: [
        ("smcp", "smcp", UInt32(1)),
        ("+kern", "kern", 1),
        ("-liga", "liga", 0),
        ("ss01=2", "ss01", 2),
        ("liga=0", "liga", 0),
        ("tnum=1", "tnum", 1),
        ("aalt=2", "aalt", 2),
        ("  smcp  ", "smcp", 1),  // surrounding white space is ignored
        ("ss01 = 3", "ss01", 3),  // HarfBuzz skips spaces around '='
        ("ss01 3", "ss01", 3),  // and accepts a space for '='
        ("kern=on", "kern", 1),  // HarfBuzz reads on/off as 1/0
        ("kern=off", "kern", 0),
        ("\"ss02\" 2", "ss02", 2),  // CSS: the tag quoted, then the value
        ("'liga' off", "liga", 0),
        ("\"smcp\"", "smcp", 1),
        ("cv01=4294967295", "cv01", UInt32.max),
    ])
    func parsesValidSettings(_ text: String, tag: String, value: UInt32) throws {
        let feature = try #require(FontFeature(parsing: text))
        #expect(feature.tag == tag)
        #expect(feature.value == value)
        #expect(feature == (try FontFeature(tag, value)))
    }

    @Test(arguments: [
        "toolong",  // 7 characters: a tag has exactly 4
        "ab",  // 2 characters
        "",  // nothing
        "sm cp",  // a space inside a tag
        "x=y",  // 1-character tag and a value that is not a number
        "smcp=y",  // value not a number
        "smcp=-1",  // values are unsigned
        "smcp=1.5",  // values are integers
        "smcp=4294967296",  // beyond UInt32
        "-liga=1",  // a sign and a value contradict each other
        "+",  // a sign alone
        "smcp=",  // '=' without a value
        "\"smcp",  // unclosed quote
        "smcé",  // not ASCII
        "sm\u{7}p",  // not printable
        "liga[3:5]",  // HarfBuzz ranges are not accepted (the attribute's range is the range)
    ])
    func rejectsInvalidSettings(_ text: String) {
        #expect(FontFeature(parsing: text) == nil)
    }

    @Test func descriptionIsTagEqualsValueAndParsesBack() throws {
        // The spec's form: "smcp=1".
        #expect(try FontFeature("smcp").description == "smcp=1")
        #expect(try FontFeature("ss01", 2).description == "ss01=2")
        #expect(try FontFeature("liga", 0).description == "liga=0")
        let feature = try FontFeature("cv12", 7)
        #expect(FontFeature(parsing: feature.description) == feature)
    }

    @Test(arguments: ["ab  ", "cv01", "ss20", "xxxx", "a~!@"])
    func validTags(_ tag: String) throws {
        #expect(try FontFeature(tag).tag == tag)
        #expect(try FontVariation(tag, 1).tag == tag)
    }

    @Test(arguments: ["", "abc", "abcde", " abc", "a bc", "ab c", "    ", "ab\tc", "sm\u{e9}p"])
    func invalidTagsThrowInvalidValue(_ tag: String) {
        // " abc", "a bc", "    ": spaces may only pad the end of a tag (and a tag of only
        // spaces has no first character).
        #expect(throws: AttributedTextError.self) { try FontFeature(tag) }
        #expect(throws: AttributedTextError.self) { try FontVariation(tag, 400) }
        do {
            _ = try FontFeature(tag)
        } catch {
            guard case .invalidValue(let reason) = error else {
                Issue.record("expected .invalidValue, got \(error)")
                return
            }
            #expect(reason.contains("tag"), "the message names the problem: \(reason)")
        }
    }

    @Test func parsesACommaSeparatedList() throws {
        // Pango's font_features and CSS font-feature-settings are comma-separated lists.
        let list = try #require(FontFeature.parseList("smcp, tnum=1, -liga"))
        #expect(list == [try FontFeature("smcp", 1), try FontFeature("tnum", 1), try FontFeature("liga", 0)])
        #expect(FontFeature.parseList("") == [])
        #expect(FontFeature.parseList("smcp,") == [try FontFeature("smcp")])
        #expect(FontFeature.parseList("smcp, toolong") == nil)
    }

    @Test(arguments: [
        ("wght", CGFloat(700), "wght=700"), ("wdth", 75, "wdth=75"), ("slnt", -10, "slnt=-10"),
        ("opsz", 10.5, "opsz=10.5"),
    ])
    func variations(_ tag: String, value: CGFloat, description: String) throws {
        let variation = try FontVariation(tag, value)
        #expect(variation.tag == tag)
        #expect(variation.value == value)
        #expect(variation.description == description)
    }

    @Test(arguments: [CGFloat.nan, .infinity, -.infinity])
    func nonFiniteVariationValuesThrow(_ value: CGFloat) {
        #expect(throws: AttributedTextError.self) { try FontVariation("wght", value) }
    }
}
