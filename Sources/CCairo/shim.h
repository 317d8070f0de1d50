// cairo headers for Swift: the PDF and PostScript surfaces and FreeType font faces (cairo-ft).
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ps.h>
#include <cairo-svg.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo-ft.h>
