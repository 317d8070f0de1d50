#!/usr/bin/env bash
# Builds the DocC site of the Galley module: the Galley.docc catalog (articles) plus the symbols
# of every module Galley re-exports, as one module, into DOCS_DIR (default .build/docs).
#
#  1. swift build --target Galley             the .swiftmodule files of Galley and its stages
#  2. swift-symbolgraph-extract -module-name Galley -experimental-allowed-reexported-modules=…
#                                             one symbol graph holding the re-exported symbols
#                                             (Galley itself declares nothing: it only re-exports)
#  3. docc convert --transform-for-static-hosting
#
# usage: scripts/docs.sh        (or: make docs, which first installs the Debian packages)
# env:   SWIFT, DOCC, SYMBOLGRAPH_EXTRACT (default: next to `swift`), DOCS_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
toolchain=$(dirname "$(realpath "$(command -v "$SWIFT")")")
DOCC=${DOCC:-$toolchain/docc}
SYMBOLGRAPH_EXTRACT=${SYMBOLGRAPH_EXTRACT:-$toolchain/swift-symbolgraph-extract}
DOCS_DIR=${DOCS_DIR:-.build/docs}
graphs=.build/symbol-graphs
# The modules Sources/Galley/Galley.swift re-exports with @_exported import.
modules=GalleyFonts,GalleyText,GalleyUnicode,GalleyShaping,GalleyLayout,GalleyRender

"$SWIFT" build --target Galley
bin=$("$SWIFT" build --show-bin-path)
triple=$(basename "$(dirname "$bin")")   # .build/TRIPLE/debug

rm -rf "$graphs" && mkdir -p "$graphs"
# The C modules the stages import: the system-library module maps, the module map SwiftPM
# generates for the CICU shim, and the header paths pkg-config gives.
# shellcheck disable=SC2046
"$SYMBOLGRAPH_EXTRACT" -module-name Galley -target "$triple" \
  -I "$bin/Modules" -module-cache-path "$bin/ModuleCache" \
  -Xcc -fmodule-map-file=Sources/CFreeType/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CHarfBuzz/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CFontconfig/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CPNG/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CCairo/module.modulemap \
  -Xcc -fmodule-map-file=Sources/CHyphen/module.modulemap \
  -Xcc -fmodule-map-file="$bin/CICU.build/module.modulemap" -Xcc -ISources/CICU/include \
  $(pkg-config --cflags-only-I freetype2 harfbuzz fontconfig libpng cairo) \
  -experimental-allowed-reexported-modules="$modules" \
  -minimum-access-level public -skip-inherited-docs -emit-extension-block-symbols \
  -output-dir "$graphs"
echo "symbol graphs in $graphs: $(ls "$graphs" | tr '\n' ' ')"

rm -rf "$DOCS_DIR"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$DOCC" convert Sources/Galley/Galley.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Galley --fallback-bundle-identifier org.galley.Galley \
  --transform-for-static-hosting --output-path "$DOCS_DIR" 2>&1 | tee "$log"
warnings=$(grep -c '^warning:' "$log" || true)
echo "docc: $warnings warnings"
echo "Documentation site written to $DOCS_DIR; serve it with"
echo "  python3 -m http.server --directory $DOCS_DIR 8000"
echo "and open http://localhost:8000/documentation/galley/"
