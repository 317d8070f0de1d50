// The ICU side of CICU: implements the plain-C galley_* functions of CICU.h over the
// system ICU (libicuuc). Only this file sees ICU's headers (see CICU.h for why).
//
// ICU renames its symbols by version (ubrk_open -> ubrk_open_72) through macros in its
// headers; since this file includes those headers, the renaming is transparent here.
#include "CICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>

_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar must be UTF-16 code units");
_Static_assert((int)GALLEY_SCRIPT_COMMON == (int)USCRIPT_COMMON, "script code mismatch");
_Static_assert((int)GALLEY_SCRIPT_INHERITED == (int)USCRIPT_INHERITED, "script code mismatch");
_Static_assert((int)GALLEY_SCRIPT_UNKNOWN == (int)USCRIPT_UNKNOWN, "script code mismatch");
_Static_assert((int)GALLEY_SCRIPT_LATIN == (int)USCRIPT_LATIN, "script code mismatch");
_Static_assert((int)GALLEY_SCRIPT_HAN == (int)USCRIPT_HAN, "script code mismatch");
_Static_assert((int)GALLEY_LB_AI == (int)U_LB_AMBIGUOUS, "line break class mismatch");
_Static_assert((int)GALLEY_LB_AL == (int)U_LB_ALPHABETIC, "line break class mismatch");
_Static_assert((int)GALLEY_LB_CM == (int)U_LB_COMBINING_MARK, "line break class mismatch");
_Static_assert((int)GALLEY_LB_ID == (int)U_LB_IDEOGRAPHIC, "line break class mismatch");
_Static_assert((int)GALLEY_LB_NS == (int)U_LB_NONSTARTER, "line break class mismatch");
_Static_assert((int)GALLEY_LB_NU == (int)U_LB_NUMERIC, "line break class mismatch");
_Static_assert((int)GALLEY_LB_SA == (int)U_LB_COMPLEX_CONTEXT, "line break class mismatch");
_Static_assert((int)GALLEY_LB_H2 == (int)U_LB_H2, "line break class mismatch");
_Static_assert((int)GALLEY_LB_H3 == (int)U_LB_H3, "line break class mismatch");
_Static_assert((int)GALLEY_LB_JL == (int)U_LB_JL, "line break class mismatch");
_Static_assert((int)GALLEY_LB_JT == (int)U_LB_JT, "line break class mismatch");
_Static_assert((int)GALLEY_LB_JV == (int)U_LB_JV, "line break class mismatch");
_Static_assert((int)GALLEY_LB_CJ == (int)U_LB_CONDITIONAL_JAPANESE_STARTER, "line break class mismatch");
_Static_assert((int)GALLEY_LB_HL == (int)U_LB_HEBREW_LETTER, "line break class mismatch");
_Static_assert((int)GALLEY_LB_ZWJ == (int)U_LB_ZWJ, "line break class mismatch");

// MARK: - Break iterator pool
//
// ICU break iterators are not thread-safe and opening one (ubrk_open) loads and
// compiles state for the locale, which costs far more than breaking a short paragraph.
// So each (kind, locale) pair gets one template, opened once and never iterated, and a
// small free list of clones (ubrk_clone of a template only reads it). A caller takes an
// iterator out of the pool under the mutex, uses it alone, and gives it back. All pool
// state is guarded by `pool_mutex`; templates live for the life of the process.

enum { POOL_SLOTS = 16, POOL_FREE_MAX = 8, POOL_LOCALE_MAX = 64 };

typedef struct {
    int32_t used;
    int32_t kind;
    char locale[POOL_LOCALE_MAX];
    UBreakIterator *template_iterator;
    UBreakIterator *free_list[POOL_FREE_MAX];
    int32_t free_count;
} BreakPool;

static pthread_mutex_t pool_mutex = PTHREAD_MUTEX_INITIALIZER;
static BreakPool pools[POOL_SLOTS];
static const UChar empty_text[1] = {0};

static UBreakIterator *open_iterator(int32_t kind, const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *bi = ubrk_open(
        kind == GALLEY_BREAK_LINE ? UBRK_LINE : kind == GALLEY_BREAK_WORD ? UBRK_WORD : UBRK_CHARACTER,
                                   locale, NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (bi) ubrk_close(bi);
        return NULL;
    }
    return bi;
}

/// The pool of (kind, locale), or NULL if none is open yet. Call with `pool_mutex` held.
static BreakPool *find_pool(int32_t kind, const char *locale) {
    for (int i = 0; i < POOL_SLOTS; i++) {
        if (pools[i].used && pools[i].kind == kind && strcmp(pools[i].locale, locale) == 0) return &pools[i];
    }
    return NULL;
}

/// Takes an iterator for (kind, locale) from its pool; *pooled tells whether it must go
/// back to the pool (1) or be closed (0) afterwards.
static UBreakIterator *acquire_iterator(int32_t kind, const char *locale, int *pooled) {
    *pooled = 0;
    if (strlen(locale) >= POOL_LOCALE_MAX) return open_iterator(kind, locale);

    pthread_mutex_lock(&pool_mutex);
    BreakPool *pool = find_pool(kind, locale);
    if (!pool) {
        for (int i = 0; i < POOL_SLOTS; i++) {
            if (!pools[i].used) {
                UBreakIterator *template_iterator = open_iterator(kind, locale);
                if (!template_iterator) break;
                pool = &pools[i];
                pool->used = 1;
                pool->kind = kind;
                strcpy(pool->locale, locale);
                pool->template_iterator = template_iterator;
                pool->free_count = 0;
                break;
            }
        }
    }
    UBreakIterator *bi = NULL;
    if (pool) {
        if (pool->free_count > 0) {
            bi = pool->free_list[--pool->free_count];
        } else {
            UErrorCode status = U_ZERO_ERROR;
            bi = ubrk_clone(pool->template_iterator, &status);
            if (U_FAILURE(status)) {
                if (bi) ubrk_close(bi);
                bi = NULL;
            }
        }
        *pooled = bi != NULL;
    }
    pthread_mutex_unlock(&pool_mutex);
    // Every slot taken by other locales, or cloning failed: a private iterator.
    if (!bi) bi = open_iterator(kind, locale);
    return bi;
}

static void release_iterator(UBreakIterator *bi, int32_t kind, const char *locale, int pooled) {
    if (!pooled) {
        ubrk_close(bi);
        return;
    }
    // Drop the reference to the caller's text before the iterator goes back.
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(bi, empty_text, 0, &status);
    pthread_mutex_lock(&pool_mutex);
    BreakPool *pool = find_pool(kind, locale);
    if (pool && pool->free_count < POOL_FREE_MAX && U_SUCCESS(status)) {
        pool->free_list[pool->free_count++] = bi;
        bi = NULL;
    }
    pthread_mutex_unlock(&pool_mutex);
    if (bi) ubrk_close(bi);
}

/// `locale` as an ICU locale id: a BCP 47 tag (it has a '-' and no '@') converted into
/// `buffer` when it fits, anything else as it is.
static const char *icu_locale_id(const char *locale, char *buffer, int32_t capacity) {
    if (strchr(locale, '-') == NULL || strchr(locale, '@') != NULL) return locale;
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t n = uloc_forLanguageTag(locale, buffer, capacity, &parsed, &status);
    if (U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING && n > 0 && n < capacity) {
        return buffer;
    }
    return locale;
}

int32_t galley_locale_with_keyword(const char *locale, const char *key, const char *value,
                                   char *out, int32_t capacity) {
    if (out == NULL || capacity <= 0 || key == NULL || value == NULL) return -1;
    if (locale == NULL) locale = "";
    char converted[ULOC_FULLNAME_CAPACITY];
    const char *id = icu_locale_id(locale, converted, ULOC_FULLNAME_CAPACITY);
    size_t length = strlen(id);
    if (length >= (size_t)capacity) return -1;
    memcpy(out, id, length + 1);
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = uloc_setKeywordValue(key, value, out, capacity, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || n >= capacity) return -1;
    return n;
}

int32_t galley_breaks(int32_t kind, const uint16_t *text, int32_t length,
                      const char *locale, int32_t *offsets, uint8_t *hard,
                      int32_t capacity) {
    if (length <= 0 || text == NULL) return 0;
    if (offsets == NULL || capacity <= 0) return -1;
    if (kind != GALLEY_BREAK_LINE && kind != GALLEY_BREAK_WORD) kind = GALLEY_BREAK_GRAPHEME;
    if (locale == NULL) locale = "";
    // A BCP 47 tag ("ja-JP", "ja-u-lb-strict") becomes an ICU locale id ("ja_JP",
    // "ja@lb=strict"), so both spellings share one pool.
    char converted[POOL_LOCALE_MAX];
    locale = icu_locale_id(locale, converted, POOL_LOCALE_MAX);

    int pooled = 0;
    UBreakIterator *bi = acquire_iterator(kind, locale, &pooled);
    if (!bi) return -1;

    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(bi, (const UChar *)text, length, &status);
    int32_t count = 0;
    if (U_SUCCESS(status)) {
        for (int32_t b = ubrk_following(bi, 0); b != UBRK_DONE; b = ubrk_next(bi)) {
            if (b <= 0) continue;
            if (count >= capacity) {
                count = -1;
                break;
            }
            offsets[count] = b;
            if (hard) {
                int32_t rule = kind == GALLEY_BREAK_LINE ? ubrk_getRuleStatus(bi) : 0;
                hard[count] = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
            }
            count++;
        }
    } else {
        count = -1;
    }
    release_iterator(bi, kind, locale, pooled);
    return count;
}

// MARK: - Bidi

int32_t galley_bidi_levels(const uint16_t *text, int32_t length, int32_t direction,
                           uint8_t *levels) {
    UBiDiLevel requested = direction == GALLEY_BIDI_RTL ? 1
                         : direction == GALLEY_BIDI_LTR ? 0 : UBIDI_DEFAULT_LTR;
    uint8_t fallback = direction == GALLEY_BIDI_RTL ? 1 : 0;
    if (length <= 0 || text == NULL) return fallback;
    if (levels == NULL) return -1;

    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) {
        memset(levels, fallback, (size_t)length);
        if (bidi) ubidi_close(bidi);
        return -1;
    }
    ubidi_setPara(bidi, (const UChar *)text, length, requested, NULL, &status);
    const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    int32_t result;
    if (U_SUCCESS(status) && resolved != NULL) {
        memcpy(levels, resolved, (size_t)length);
        result = ubidi_getParaLevel(bidi) & 1;
    } else {
        memset(levels, fallback, (size_t)length);
        result = -1;
    }
    ubidi_close(bidi);
    return result;
}

/// Whether a Bidi_Class joins the whitespace sequences reset by rule L1: WS, the isolate
/// formatting characters, and the classes removed by rule X9 (BN and explicit embeddings),
/// which UAX #9's implementation notes treat as part of the adjacent sequence.
static int is_l1_trailing_class(int32_t bidi_class) {
    switch (bidi_class) {
    case U_WHITE_SPACE_NEUTRAL:
    case U_FIRST_STRONG_ISOLATE:
    case U_LEFT_TO_RIGHT_ISOLATE:
    case U_RIGHT_TO_LEFT_ISOLATE:
    case U_POP_DIRECTIONAL_ISOLATE:
    case U_BOUNDARY_NEUTRAL:
    case U_LEFT_TO_RIGHT_EMBEDDING:
    case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_LEFT_TO_RIGHT_OVERRIDE:
    case U_RIGHT_TO_LEFT_OVERRIDE:
    case U_POP_DIRECTIONAL_FORMAT:
        return 1;
    default:
        return 0;
    }
}

void galley_bidi_apply_l1(const uint16_t *text, int32_t length, uint8_t *levels,
                          uint8_t paragraph_level) {
    if (text == NULL || levels == NULL || length <= 0) return;
    // Walk backwards; `resetting` is true while the characters seen so far (to the right)
    // are all L1-trailing up to a separator or the end of the line.
    int resetting = 1;
    int32_t i = length;
    while (i > 0) {
        int32_t end = i;
        UChar32 c;
        U16_PREV((const UChar *)text, 0, i, c);
        int32_t bidi_class = u_charDirection(c);
        int reset;
        if (bidi_class == U_SEGMENT_SEPARATOR || bidi_class == U_BLOCK_SEPARATOR) {
            reset = 1;
            resetting = 1;
        } else if (resetting && is_l1_trailing_class(bidi_class)) {
            reset = 1;
        } else {
            reset = 0;
            resetting = 0;
        }
        if (reset) {
            for (int32_t k = i; k < end; k++) levels[k] = paragraph_level;
        }
    }
}

int32_t galley_paired_bracket(uint32_t code_point, uint32_t *pair) {
    if (code_point > 0x10FFFF) return 0;
    int32_t type = u_getIntPropertyValue((UChar32)code_point, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (type == U_BPT_OPEN || type == U_BPT_CLOSE) {
        if (pair) *pair = (uint32_t)u_getBidiPairedBracket((UChar32)code_point);
        return type == U_BPT_OPEN ? 1 : 2;
    }
    return 0;
}

// MARK: - Scripts

int32_t galley_script(uint32_t code_point) {
    if (code_point > 0x10FFFF) return USCRIPT_UNKNOWN;
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)code_point, &status);
    return U_SUCCESS(status) ? (int32_t)script : USCRIPT_UNKNOWN;
}

int32_t galley_script_extensions(uint32_t code_point, int32_t *codes, int32_t capacity) {
    if (code_point > 0x10FFFF) {
        if (codes && capacity > 0) codes[0] = USCRIPT_UNKNOWN;
        return 1;
    }
    UScriptCode buffer[64];
    UErrorCode status = U_ZERO_ERROR;
    int32_t count = uscript_getScriptExtensions((UChar32)code_point, buffer, 64, &status);
    if (U_FAILURE(status) || count <= 0) {
        // More than 64 extensions does not occur in Unicode 15; fall back to Script.
        buffer[0] = (UScriptCode)galley_script(code_point);
        count = 1;
    }
    for (int32_t i = 0; i < count && i < capacity && codes; i++) codes[i] = buffer[i];
    return count;
}

int32_t galley_script_has(uint32_t code_point, int32_t script) {
    if (code_point > 0x10FFFF || script < 0) return 0;
    return uscript_hasScript((UChar32)code_point, (UScriptCode)script) ? 1 : 0;
}

int32_t galley_script_code_limit(void) {
    return u_getIntPropertyMaxValue(UCHAR_SCRIPT) + 1;
}

const char *galley_script_short_name(int32_t script) {
    if (script < 0 || script >= galley_script_code_limit()) return NULL;
    return uscript_getShortName((UScriptCode)script);
}

int32_t galley_script_from_name(const char *name) {
    if (name == NULL || name[0] == 0) return -1;
    int32_t value = u_getPropertyValueEnum(UCHAR_SCRIPT, name);
    return value == UCHAR_INVALID_CODE ? -1 : value;
}

int32_t galley_script_is_right_to_left(int32_t script) {
    if (script < 0) return 0;
    return uscript_isRightToLeft((UScriptCode)script) ? 1 : 0;
}

// MARK: - Character properties

int32_t galley_is_white_space(uint32_t code_point) {
    if (code_point > 0x10FFFF) return 0;
    return u_isUWhiteSpace((UChar32)code_point) ? 1 : 0;
}

int32_t galley_is_combining_mark(uint32_t code_point) {
    if (code_point > 0x10FFFF) return 0;
    UChar32 c = (UChar32)code_point;
    return (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0 || u_getCombiningClass(c) != 0 ? 1 : 0;
}

// MARK: - Normalization

int32_t galley_nfc(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);  // shared, thread-safe, never freed
    if (U_FAILURE(status) || length < 0) return -1;
    int32_t written = unorm2_normalize(nfc, (const UChar *)text, length, (UChar *)out, capacity, &status);
    return U_FAILURE(status) ? -1 : written;
}

int32_t galley_line_break_class(uint32_t code_point) {
    if (code_point > 0x10FFFF) return U_LB_UNKNOWN;
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK);
}

int32_t galley_case_map(int32_t kind, const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity,
                        const char *locale) {
    if (length < 0 || capacity < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    const char *loc = locale ? locale : "";
    int32_t written;
    switch (kind) {
    case GALLEY_CASE_LOWER:
        written = u_strToLower((UChar *)out, capacity, (const UChar *)text, length, loc, &status);
        break;
    case GALLEY_CASE_UPPER:
        written = u_strToUpper((UChar *)out, capacity, (const UChar *)text, length, loc, &status);
        break;
    case GALLEY_CASE_TITLE:
        written = u_strToTitle((UChar *)out, capacity, (const UChar *)text, length, NULL, loc, &status);
        break;
    default:
        return -1;
    }
    return U_FAILURE(status) ? -1 : written;
}

int32_t galley_is_default_ignorable(uint32_t code_point) {
    if (code_point > 0x10FFFF) return 0;
    return u_hasBinaryProperty((UChar32)code_point, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0;
}

int32_t galley_vertical_orientation(uint32_t code_point) {
    if (code_point > 0x10FFFF) return GALLEY_VO_ROTATED;
    switch (u_getIntPropertyValue((UChar32)code_point, UCHAR_VERTICAL_ORIENTATION)) {
    case U_VO_UPRIGHT: return GALLEY_VO_UPRIGHT;
    case U_VO_TRANSFORMED_UPRIGHT: return GALLEY_VO_TRANSFORMED_UPRIGHT;
    case U_VO_TRANSFORMED_ROTATED: return GALLEY_VO_TRANSFORMED_ROTATED;
    default: return GALLEY_VO_ROTATED;
    }
}
