#!/bin/sh
# Remakes scripts/galley.symbol-order, the link order of the galley executable's hot code: the
# functions that run when it renders one line to PNG (first, so that a short run touches as few
# pages of the executable as it can), then those of mixed-script, bidi, vertical and marked-up
# samples to PNG, PDF and SVG. The release build (`make build`) passes the file to lld
# (--symbol-ordering-file) with every function in a section of its own, so these few hundred
# kilobytes of code lie together instead of spread over the whole text segment: a process maps
# in only the pages it runs (issue 26, part 3). Functions not listed keep lld's order; a
# listed symbol the code no longer has is skipped, so a stale file costs pages, never a build.
# Needs valgrind (callgrind). Usage: scripts/make-symbol-order.sh [GALLEY]
set -eu
cd "$(dirname "$0")/.."
galley=${1:-$(swift build -c release --show-bin-path)/galley}
command -v valgrind >/dev/null || { echo "make-symbol-order: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'Hello, world\n' > "$tmp/line.txt"
n=0
profile() {
    n=$((n + 1))
    valgrind --tool=callgrind --demangle=no --dump-instr=yes --callgrind-out-file="$tmp/$n.cg" "$galley" "$@" >/dev/null 2>&1
}
# Several runs of the one line: each process seeds Swift's hashing anew, so dictionaries and sets
# iterate in another order and a run takes slightly other paths (copies, resizes) than the last.
for run in 1 2 3 4 5 6; do
    profile render --font "DejaVu Sans 12" -o "$tmp/line.png" "$tmp/line.txt"
done
for sample in mixed-scripts mixed-scripts-rtl vertical-japanese justify-latin truncate-max-lines; do
    # shellcheck disable=SC2046 # the flags file holds several arguments
    profile render $(cat "samples/$sample.flags") -o "$tmp/$sample.png" "samples/$sample.txt"
done
for format in pdf svg; do
    profile render --size 22 --width 560 -o "$tmp/mixed.$format" samples/mixed-scripts.txt
done
# shellcheck disable=SC2046
profile render --markup $(cat samples/pango-attributes.flags) -o "$tmp/markup.png" samples/pango-attributes.markup
profiles=""
i=1
while [ "$i" -le "$n" ]; do profiles="$profiles $tmp/$i.cg"; i=$((i + 1)); done
# shellcheck disable=SC2086 # one argument a profile, in the order they ran
scripts/callgrind-symbols.py "$(basename "$galley")" $profiles > scripts/galley.symbol-order
echo "scripts/galley.symbol-order: $(wc -l < scripts/galley.symbol-order) symbols"
