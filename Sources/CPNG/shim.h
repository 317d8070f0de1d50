// libpng headers for Swift, and one encoder written against libpng's full write API.
//
// libpng reports errors by longjmp. Swift frames must never be jumped over, so the whole encode,
// the setjmp that catches libpng's errors included, is this one C function: libpng jumps back
// into it, never into Swift. The simplified API (png_image_*) needs no setjmp, but cannot set the
// zlib level or the row filters.
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/// The growing output of `galley_png_encode`; `data` is malloc'd (the caller frees it), and
/// `message` holds libpng's error when the encode fails.
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    char message[256];
} galley_png_output;

static void galley_png_write_bytes(png_structp png, png_bytep bytes, png_size_t length) {
    galley_png_output *out = (galley_png_output *)png_get_io_ptr(png);
    if (length > (size_t)-1 - out->size) png_error(png, "output too large");
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < out->size + length) {
            if (capacity > ((size_t)-1) / 2) png_error(png, "output too large");
            capacity *= 2;
        }
        unsigned char *grown = (unsigned char *)realloc(out->data, capacity);
        if (!grown) png_error(png, "out of memory");
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, bytes, length);
    out->size += length;
}

static void galley_png_flush(png_structp png) { (void)png; }

static void galley_png_error(png_structp png, png_const_charp message) {
    galley_png_output *out = (galley_png_output *)png_get_error_ptr(png);
    strncpy(out->message, message ? message : "libpng error", sizeof out->message - 1);
    out->message[sizeof out->message - 1] = 0;
    png_longjmp(png, 1);
}

static void galley_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Encodes `height` rows of 8-bit grey (`channels` 1), grey and alpha (2), RGB (3) or RGBA (4,
/// straight alpha) pixels, `stride` bytes apart, as a PNG with zlib `level` (0–9) and the row filters in `filters` (a mask of
/// PNG_FILTER_NONE … PNG_FILTER_PAETH; several let libpng choose per row). The image is tagged
/// sRGB. Returns 1 with the file in `out`, or 0 with libpng's message in `out->message`.
static inline int galley_png_encode(
    const unsigned char *pixels, png_uint_32 width, png_uint_32 height, size_t stride, int channels, int level,
    int filters, galley_png_output *out) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, out, galley_png_error, galley_png_warning);
    if (!png) {
        strcpy(out->message, "libpng could not start");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        strcpy(out->message, "libpng could not start");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return 0;
    }
    png_set_write_fn(png, out, galley_png_write_bytes, galley_png_flush);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(
        png, info, width, height, 8,
        channels == 1   ? PNG_COLOR_TYPE_GRAY
        : channels == 2 ? PNG_COLOR_TYPE_GRAY_ALPHA
        : channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA
                        : PNG_COLOR_TYPE_RGB,
        PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    for (png_uint_32 y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 1;
}
