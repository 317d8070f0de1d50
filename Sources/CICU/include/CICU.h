// Placeholder header; the ICU shim is being written.
#include <stdint.h>
