// Declarations for the Writers fuzzer's C entry point: libFuzzer's driver and the Swift harness.
#ifndef Writers_DRIVER_H
#define Writers_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// The harness, defined in Swift with @_cdecl.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/// libFuzzer's driver (from libclang_rt.fuzzer, linked by -sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t));
/// The executable's entry point, under the name SwiftPM aliases `main` to.
int Writers_main(int argc, char **argv);
#endif
