// CICU: the plain-C interface through which Galley reaches the system ICU (libicuuc).
//
// This header must only ever use plain C types. Foundation on Linux carries its own
// private copy of ICU, so letting the system ICU headers reach a Swift module that
// also imports Foundation breaks the build; shim.c includes them instead.
//
// Conventions: text is UTF-16 (`const uint16_t *`, unpaired surrogates allowed), lengths
// and offsets are UTF-16 code units as int32_t, code points are uint32_t. No function
// keeps a pointer to its arguments after it returns. Every function is safe to call from
// any thread at any time.
#ifndef GALLEY_CICU_H
#define GALLEY_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Break iteration (UAX #14 line breaks, UAX #29 grapheme clusters)

/// Which kind of boundaries `galley_breaks` reports.
enum {
    /// Line-break opportunities (ICU UBRK_LINE: UAX #14 with ICU's tailoring and
    /// dictionary breaking for Thai, Lao, Khmer and Burmese).
    GALLEY_BREAK_LINE = 0,
    /// Extended grapheme cluster boundaries (ICU UBRK_CHARACTER, UAX #29).
    GALLEY_BREAK_GRAPHEME = 1,
    /// Word boundaries (ICU UBRK_WORD, UAX #29 with ICU's dictionaries).
    GALLEY_BREAK_WORD = 2
};

/// Writes the boundaries of `text[0..<length]` of the given kind, in ascending order,
/// excluding 0 and including `length`, to `offsets`; `hard` (may be NULL) receives 1
/// where a line break is mandatory (ICU rule status UBRK_LINE_HARD), else 0.
/// `locale` is an ICU locale id such as "ja" or "th_TH", or a BCP 47 tag such as "ja-JP"
/// or "ja-u-lb-strict"; NULL or "" means root.
/// There are at most `length` boundaries, so a capacity of `length` always suffices.
/// Returns the number written, 0 for empty text, or -1 if ICU failed or capacity ran out.
/// Iterators are cloned from a per-locale template and pooled (up to 16 kind/locale pairs;
/// beyond that each call opens its own iterator), so a call costs no iterator
/// construction after warm-up. ICU locale keywords work, e.g. "ja@lb=strict" (CSS
/// line-break strictness) or "ja@lw=phrase" (Japanese phrase breaking).
int32_t galley_breaks(int32_t kind, const uint16_t *text, int32_t length,
                      const char *locale, int32_t *offsets, uint8_t *hard,
                      int32_t capacity);

/// Writes to `out` the ICU locale id of `locale` (an ICU id such as "ja_JP", a BCP 47 tag
/// such as "ja-JP" or "ja-u-lb-loose", or NULL or "" for root) with the keyword `key` set to
/// `value`, replacing a value the locale already has: ("ja-JP", "lb", "strict") gives
/// "ja_JP@lb=strict", (NULL, "lb", "loose") gives "@lb=loose". Returns the length written
/// (without the terminating NUL), or -1 if it does not fit in `capacity` bytes or ICU rejects
/// the key or value.
int32_t galley_locale_with_keyword(const char *locale, const char *key, const char *value,
                                   char *out, int32_t capacity);

// MARK: - Bidi (UAX #9)

/// Paragraph direction requests for `galley_bidi_levels`.
enum {
    GALLEY_BIDI_LTR = 0,
    GALLEY_BIDI_RTL = 1,
    /// First strong character (rules P2-P3), left-to-right if none.
    GALLEY_BIDI_NATURAL = 2
};

/// Resolves the embedding levels of `text[0..<length]` (through rule L1 for the text
/// taken as a single line) into `levels` (length bytes). Returns the paragraph level of
/// the first paragraph (0 or 1), or -1 on failure (levels are then all the base level).
int32_t galley_bidi_levels(const uint16_t *text, int32_t length, int32_t direction,
                           uint8_t *levels);

/// Applies rule L1 to one line: segment and paragraph separators, and any sequence of
/// whitespace, isolate formatting characters and characters removed by rule X9 that
/// precedes them or the end of the line, get `paragraph_level`. `levels` has one entry
/// per UTF-16 code unit of `text`.
void galley_bidi_apply_l1(const uint16_t *text, int32_t length, uint8_t *levels,
                          uint8_t paragraph_level);

/// Bidi_Paired_Bracket_Type of a code point: 0 none, 1 open, 2 close. When not none and
/// `pair` is not NULL, `*pair` receives the Bidi_Paired_Bracket (the other bracket).
int32_t galley_paired_bracket(uint32_t code_point, uint32_t *pair);

// MARK: - Scripts (UAX #24)

/// ICU UScriptCode values Galley relies on.
enum {
    GALLEY_SCRIPT_COMMON = 0,
    GALLEY_SCRIPT_INHERITED = 1,
    GALLEY_SCRIPT_HAN = 17,
    GALLEY_SCRIPT_LATIN = 25,
    GALLEY_SCRIPT_UNKNOWN = 103
};

/// The Script property of a code point as a UScriptCode (Unknown for invalid input).
int32_t galley_script(uint32_t code_point);

/// Writes the Script_Extensions of a code point (UScriptCodes) to `codes`; returns how many
/// there are (which may exceed `capacity`: then only `capacity` were written), at least 1.
int32_t galley_script_extensions(uint32_t code_point, int32_t *codes, int32_t capacity);

/// 1 if `script` is in the Script_Extensions of the code point, else 0.
int32_t galley_script_has(uint32_t code_point, int32_t script);

/// The number of UScriptCode values (codes are 0..<limit).
int32_t galley_script_code_limit(void);

/// The ISO 15924 code ("Latn", "Zyyy") of a UScriptCode; NULL if out of range.
/// The string is static.
const char *galley_script_short_name(int32_t script);

/// The UScriptCode for an ISO 15924 code or Unicode script name; -1 if unknown.
int32_t galley_script_from_name(const char *name);

/// 1 if the script is written right to left, else 0.
int32_t galley_script_is_right_to_left(int32_t script);

// MARK: - Character properties

/// 1 if the code point has the White_Space property, else 0.
int32_t galley_is_white_space(uint32_t code_point);

/// 1 if the code point is a combining mark (General_Category Mn, Mc or Me) or has a
/// non-zero Canonical_Combining_Class (a non-starter in UAX #15's terms), else 0.
int32_t galley_is_combining_mark(uint32_t code_point);

// MARK: - Case mapping

/// Which mapping `galley_case_map` applies.
enum {
    /// Full lower-case mapping (u_strToLower).
    GALLEY_CASE_LOWER = 0,
    /// Full upper-case mapping (u_strToUpper).
    GALLEY_CASE_UPPER = 1,
    /// Title case: each word's first character title-cased, the rest lower-cased
    /// (u_strToTitle with ICU's word break iterator).
    GALLEY_CASE_TITLE = 2
};

/// Writes the full case mapping of `text[0..<length]` in `locale` (an ICU locale id or BCP 47
/// tag; "tr", "az", "lt", "el", "nl" have special rules; NULL or "" is root) to `out`.
/// Returns the number of code units written, or -1 if ICU failed or `capacity` was too small
/// (a mapping is at most three times as long as its input).
int32_t galley_case_map(int32_t kind, const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity,
                        const char *locale);

/// Whether `code_point` has the Unicode property Default_Ignorable_Code_Point.
int32_t galley_is_default_ignorable(uint32_t code_point);

// MARK: - Normalization

/// Writes the NFC form of `text[0..<length]` (ICU's unorm2 NFC instance) to `out`.
/// Returns the number of code units written, or -1 if ICU failed or `capacity` was too
/// small (NFC is never more than three times as long as its input).
int32_t galley_nfc(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);

/// UAX #14 Line_Break classes (ICU's ULineBreak values) that Galley tests for.
enum {
    GALLEY_LB_AI = 1,
    GALLEY_LB_AL = 2,
    GALLEY_LB_CM = 9,
    GALLEY_LB_ID = 14,
    GALLEY_LB_NS = 18,
    GALLEY_LB_NU = 19,
    GALLEY_LB_SA = 24,
    GALLEY_LB_H2 = 31,
    GALLEY_LB_H3 = 32,
    GALLEY_LB_JL = 33,
    GALLEY_LB_JT = 34,
    GALLEY_LB_JV = 35,
    GALLEY_LB_CJ = 37,
    GALLEY_LB_HL = 38,
    GALLEY_LB_ZWJ = 42
};

/// The Line_Break property (UAX #14 class, as ICU's ULineBreak) of a code point; 0 (XX,
/// unknown) for invalid input.
int32_t galley_line_break_class(uint32_t code_point);

/// Unicode's Vertical_Orientation (UAX #50) values, as `galley_vertical_orientation` returns them.
enum {
    GALLEY_VO_ROTATED = 0,
    GALLEY_VO_TRANSFORMED_ROTATED = 1,
    GALLEY_VO_TRANSFORMED_UPRIGHT = 2,
    GALLEY_VO_UPRIGHT = 3
};

/// The Vertical_Orientation of a code point (ICU's UCHAR_VERTICAL_ORIENTATION) as one of the
/// GALLEY_VO_ values; rotated (UAX #50's default) for invalid input.
int32_t galley_vertical_orientation(uint32_t code_point);

#ifdef __cplusplus
}
#endif

#endif // GALLEY_CICU_H
