#!/bin/sh
# Reformats Sources, Tests, Package.swift and the fuzz package (Fuzz/) in place to the house style of .swift-format, after
# which `make lint`'s swift-format step reports nothing. Only whitespace, line breaks, import
# order, trailing commas and digit grouping change: the code compiles to the same program.
#
# usage: scripts/format.sh        (or: make format)
# env:   SWIFT_FORMAT=path/to/swift-format (default: the one next to `swift` in the toolchain)
set -eu
cd "$(dirname "$0")/.."
if [ -z "${SWIFT_FORMAT:-}" ]; then
  swift=$(command -v swift) || { echo "format.sh: swift is not on PATH; set SWIFT_FORMAT" >&2; exit 2; }
  SWIFT_FORMAT="$(dirname "$(realpath "$swift")")/swift-format"
fi
"$SWIFT_FORMAT" format --in-place --recursive --parallel --configuration .swift-format Sources Tests Package.swift Fuzz/Sources Fuzz/Package.swift
echo "reformatted Sources, Tests, Package.swift and Fuzz ($(git diff --shortstat 2>/dev/null || true))"
