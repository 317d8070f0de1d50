// libpng headers for Swift.
#include <png.h>
