// libwebp's decoder and encoder for Swift.
#include <stddef.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/types.h>
