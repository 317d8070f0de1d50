// FreeType headers for Swift, plus inline helpers for the macros Swift cannot import.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_SYNTHESIS_H
#include FT_STROKER_H
#include FT_MODULE_H
#include FT_MULTIPLE_MASTERS_H

static inline FT_Int32 galley_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 galley_ft_load_target_normal(void) { return FT_LOAD_TARGET_NORMAL; }
static inline int galley_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int galley_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
