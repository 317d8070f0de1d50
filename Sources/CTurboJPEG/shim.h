// libjpeg-turbo's TurboJPEG API for Swift: errors come back as return codes (no longjmp).
#include <stddef.h>
#include <turbojpeg.h>
