// CHyphen: libhyphen (Debian's libhyphen-dev), the hyphenation library of LibreOffice and
// Hunspell, which applies TeX-style patterns from /usr/share/hyphen/hyph_*.dic. Debian ships
// no pkg-config file for it, so the module map links "hyphen" itself.
#include <hyphen.h>
#include "pattern_loader.h"
