// fontconfig headers for Swift.
#include <fontconfig/fontconfig.h>
