#!/bin/sh
# Regenerates the golden images of Tests/GalleyRenderTests/Golden/ after an intended rendering change.
# Look at the new PNGs (git diff shows which changed) before committing them.
set -eu
cd "$(dirname "$0")/.."
GALLEY_UPDATE_GOLDEN=1 swift test ${SCRATCH:+--scratch-path "$SCRATCH"} --filter GoldenImageTests "$@"
echo "golden images written to Tests/GalleyRenderTests/Golden/"
