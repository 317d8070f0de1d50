#!/bin/sh
# Renders single-line texts with pango-view (cairo) and with galley at the same font FILE, size,
# width and margin, unhinted, and prints the PSNR of galley's image against pango's for each.
#
# usage: scripts/compare-pango.sh [OUTDIR]     (images are kept in OUTDIR, default a temp dir)
# env:   GALLEY=path/to/galley (default: built with swift build), SCRATCH=scratch path for swift build
#
# pango-view is made to use exactly the font file through a private fontconfig configuration that
# lists only that file. Both tools draw at 72 dpi (1 pt = 1 px), grey anti-aliasing, no hinting,
# unhinted metrics and subpixel positions. Two numbers per text:
#   psnr       the images as they are; cairo blends coverage in sRGB, galley in linear light, so
#              anti-aliased edges differ in tone even where the geometry is identical;
#   psnr-lin   galley's pixels mapped back to naive-sRGB coverage (valid for black on white),
#              which isolates differences of glyph placement and rasterisation.
#   psnr-int   as psnr-lin, galley drawn with --subpixel-positions off: cairo 1.16 (Debian 12)
#              rounds glyph x positions to whole pixels even with --subpixel-positions, galley
#              keeps 1/4-pixel phases; this column compares like with like.
# All are taken at the best whole-pixel vertical shift within ±3 px (printed as dy): Pango's line
# ascent is FreeType's ascender rounded up to a whole pixel, Galley's is the exact hhea ascender
# (as CoreText's), so the baseline may sit up to one pixel higher in galley's image by design.
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-$(mktemp -d /tmp/galley-vs-pango.XXXXXX)}
mkdir -p "$OUT"
if [ -z "${GALLEY:-}" ]; then
    swift build ${SCRATCH:+--scratch-path "$SCRATCH"} --product galley >/dev/null
    GALLEY=$(swift build ${SCRATCH:+--scratch-path "$SCRATCH"} --show-bin-path)/galley
fi
command -v pango-view >/dev/null || { echo "pango-view not found (apt-get install pango1.0-tools or libpango1.0-0)" >&2; exit 2; }
command -v fc-query >/dev/null || { echo "fc-query not found (fontconfig)" >&2; exit 2; }

MARGIN=10
printf '%-20s %-32s %5s %4s %8s %9s %9s\n' "sample" "font" "size" "dy" "psnr" "psnr-lin" "psnr-int"
# name|font file|size|text
while IFS='|' read -r name font size text; do
    [ -z "$name" ] && continue
    family=$(fc-query -f '%{family[0]}' "$font")
    conf="$OUT/$name.fonts.conf"
    cat > "$conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>$OUT/$name.fontdir</dir><cachedir>$OUT/fc-cache</cachedir></fontconfig>
CONF
    mkdir -p "$OUT/$name.fontdir"
    ln -sf "$(readlink -f "$font")" "$OUT/$name.fontdir/"
    FONTCONFIG_FILE="$conf" pango-view -q --dpi=72 --margin=$MARGIN --hinting=none --hint-metrics=off \
        --antialias=gray --subpixel-positions --font="$family $size" --text="$text" -o "$OUT/$name.pango.png"
    # The same canvas: pango-view sizes the image to the text's logical extents plus margins.
    dims=$(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print(*struct.unpack('>II', d[16:24]))" "$OUT/$name.pango.png")
    w=${dims% *}; h=${dims#* }
    # pango-view without --width lays each line out from x = 0 (no alignment box), so galley aligns
    # left too, right-to-left lines included; its frame is as wide as pango's logical extents.
    "$GALLEY" render --font "$font" --size "$size" --margin $MARGIN --hinting none --align left \
        --width $((w - 2 * MARGIN)) --height $((h - 2 * MARGIN)) --text "$text" -o "$OUT/$name.galley.png"
    "$GALLEY" render --font "$font" --size "$size" --margin $MARGIN --hinting none --align left --subpixel-positions off \
        --width $((w - 2 * MARGIN)) --height $((h - 2 * MARGIN)) --text "$text" -o "$OUT/$name.galley-int.png"
    raw=$(python3 scripts/psnr.py --align "$OUT/$name.pango.png" "$OUT/$name.galley.png")
    lin=$(python3 scripts/psnr.py --align --linearize-b "$OUT/$name.pango.png" "$OUT/$name.galley.png")
    int=$(python3 scripts/psnr.py --align --linearize-b "$OUT/$name.pango.png" "$OUT/$name.galley-int.png")
    dy=$(echo "$raw" | sed -n 's/.*dy=\(-*[0-9]*\).*/\1/p')
    printf '%-20s %-32s %5s %4s %8s %9s %9s\n' "$name" "$(basename "$font")" "$size" "$dy" "${raw%% *}" "${lin%% *}" "${int%% *}"
done <<'SAMPLES'
latin-dejavu-16|Fonts/DejaVuSans.ttf|16|The quick brown fox jumps over the lazy dog.
latin-dejavu-12|Fonts/DejaVuSans.ttf|12|Sphinx of black quartz, judge my vow: 0123456789
serif-ligatures-20|Fonts/DejaVuSerif.ttf|20|office affine fluffy AVATAR Wave
mono-14|Fonts/DejaVuSansMono.ttf|14|for (i = 0; i < n; i++) { sum += a[i]; }
arabic-20|Fonts/NotoSansArabic-Regular.ttf|20|مرحبا بالعالم
hebrew-18|Fonts/NotoSansHebrew-Regular.ttf|18|שלום עולם
devanagari-18|Fonts/NotoSansDevanagari-Regular.ttf|18|नमस्ते दुनिया
thai-18|Fonts/NotoSansThai-Regular.ttf|18|สวัสดีชาวโลก
SAMPLES
echo "images in $OUT"
