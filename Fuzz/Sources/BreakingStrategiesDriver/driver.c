// The entry point of the BreakingStrategies fuzzer. SwiftPM links an executable target with `main` aliased
// to `BreakingStrategies_main` (the Swift module's renamed entry point); the Swift harness has no top-level
// code (-parse-as-library), so this function is that entry point, and it hands control to
// libFuzzer's driver with the harness's LLVMFuzzerTestOneInput.
#include "driver.h"

int BreakingStrategies_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
