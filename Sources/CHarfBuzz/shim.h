// HarfBuzz headers for Swift, plus inline helpers for the macros Swift cannot import.
#include <hb.h>
#include <hb-ot.h>

static inline hb_tag_t galley_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
