#!/bin/sh
# Regenerates the golden images of Tests/GalleyRenderTests/Golden/ after an intended rendering change.
# Look at the new PNGs (git diff shows which changed) before committing them.
set -eu
cd "$(dirname "$0")/.."
# An update run records an issue on purpose (so it can never pass unnoticed), so the test
# command's failure status is expected here.
GALLEY_UPDATE_GOLDEN=1 swift test ${SCRATCH:+--scratch-path "$SCRATCH"} --filter GoldenImageTests "$@" || true
echo "golden images written to Tests/GalleyRenderTests/Golden/ (the test run reports them as recorded issues)"
