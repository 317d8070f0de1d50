#!/usr/bin/env python3
"""Makes the font fixtures of the sanitizer tests (issue 30) into Tests/Fixtures/Fonts/.

Malformed fonts (standard library only), both from the Inter subset seed of the FontLoading fuzz
harness (Fuzz/Corpus/FontLoading/inter-var-subset.ttf, made with hb-subset from the bundled
Fonts/Inter-roman.var.ttf):

  inter-directory-offsets.ttf  8 bytes changed in the table directory (the issue's fuzzed font
                               had 10): the GDEF record renamed GDff, and the GDff, name and
                               post records pointed into the table directory itself. FreeType
                               and HarfBuzz load it and PNG and SVG output work; cairo 1.16's
                               TrueType subsetter (PDF and PostScript output) reads the "name
                               table" that is the directory and follows its record count out
                               of bounds: a segmentation fault. OTS: "GDff: invalid table offset".
  inter-cmap-length.ttf        2 bytes changed in cmap (the issue's had 4): the (0,3) encoding
                               record becomes (0,4) and the (3,1) record points at that record,
                               where cairo reads a format-4 subtable of length 0 (its malloc of
                               0 bytes fails, and PDF and PostScript output fail for the whole
                               document with "out of memory"); HarfBuzz and FreeType skip the
                               broken (3,1) entry and map characters through (0,4), so layout,
                               PNG and SVG work. OTS: "cmap: Bad subtable offset (6) in cmap
                               subtable 1", then "cmap: Failed to parse table".

Web fonts (fontTools with brotli, `pip install fonttools brotli`, or `make test-fonts`), from
the bundled Fonts/NotoSansHebrew-Regular.ttf (27 KB):

  NotoSansHebrew-Regular.woff, NotoSansHebrew-Regular.woff2

and, as fuzz seeds, Fuzz/Corpus/FontLoading/hebrew-subset.woff2 and dejavu-subset.woff.

Run from the repository root: python3 scripts/make-test-fonts.py [--malformed-only]
Every run writes the same bytes for the same inputs and fontTools/brotli versions; the malformed
fonts are also copied into Fuzz/Corpus/FontLoading/ as seeds.
"""

import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "Fonts")
SEED = os.path.join(ROOT, "Fuzz", "Corpus", "FontLoading", "inter-var-subset.ttf")
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus", "FontLoading")


def table_records(data):
    """tag -> byte offset of its 16-byte table record (OpenType spec, table directory)."""
    count = struct.unpack(">H", data[4:6])[0]
    return {bytes(data[12 + 16 * i : 16 + 16 * i]): 12 + 16 * i for i in range(count)}


def table_offset(data, tag):
    return struct.unpack(">I", data[table_records(data)[tag] + 8 : table_records(data)[tag] + 12])[0]


def changed(a, b):
    return sum(1 for x, y in zip(a, b) if x != y)


def directory_offsets(seed):
    """GDEF renamed GDff; GDff, name and post records pointed into the table directory."""
    data = bytearray(seed)
    records = table_records(data)
    gdef, name, post = records[b"GDEF"], records[b"name"], records[b"post"]
    data[gdef : gdef + 4] = b"GDff"
    # Each record's offset field is at +8. Every target is 4-aligned, as tables must be, and lies
    # inside the directory (which ends at 12 + 16 * numTables): the "name table" starts at the
    # GDff record's checksum, so its record count is 0xAE9C (44700 records of 12 bytes, in a
    # table of 538 bytes).
    for record, target in ((gdef, 12 + 16 * 1), (name, 16), (post, 12 + 16 * 2)):
        data[record + 8 : record + 12] = struct.pack(">I", target)
    return bytes(data)


def cmap_length(seed):
    """The (0,3) record made (0,4); the (3,1) record pointed at it (a format-4 header of length 0)."""
    data = bytearray(seed)
    cmap = table_offset(data, b"cmap")
    version, count = struct.unpack(">HH", data[cmap : cmap + 4])
    entries = [struct.unpack(">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i]) for i in range(count)]
    assert entries == [(0, 3, 20), (3, 1, 20)], entries
    # Record 0 (at cmap+4): platform 0, encoding 3 -> 4. Its bytes from encoding on now read
    # 00 04 | 00 00 00 14: a "format 4" of length 0 at cmap+6, where record 1 now points.
    data[cmap + 7] = 4
    data[cmap + 12 + 4 : cmap + 12 + 8] = struct.pack(">I", 6)
    return bytes(data)


def web_fonts():
    from fontTools.ttLib import TTFont  # pip install fonttools brotli

    jobs = [
        (os.path.join(ROOT, "Fonts", "NotoSansHebrew-Regular.ttf"), flavor,
         os.path.join(OUT, "NotoSansHebrew-Regular." + flavor)) for flavor in ("woff", "woff2")
    ] + [
        (os.path.join(CORPUS, "hebrew-subset.ttf"), "woff2", os.path.join(CORPUS, "hebrew-subset.woff2")),
        (os.path.join(CORPUS, "dejavu-subset.ttf"), "woff", os.path.join(CORPUS, "dejavu-subset.woff")),
    ]
    for source, flavor, path in jobs:
        font = TTFont(source, recalcTimestamp=False)
        font.flavor = flavor
        font.save(path, reorderTables=None)
        print(f"{os.path.relpath(path, ROOT)}: {os.path.getsize(path)} bytes")


def main():
    os.makedirs(OUT, exist_ok=True)
    with open(SEED, "rb") as f:
        seed = f.read()
    for name, make in (("inter-directory-offsets.ttf", directory_offsets), ("inter-cmap-length.ttf", cmap_length)):
        data = make(seed)
        for folder in (OUT, CORPUS):
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        print(f"{name}: {len(data)} bytes, {changed(seed, data)} bytes changed from {os.path.basename(SEED)}")
    if "--malformed-only" not in sys.argv:
        web_fonts()


if __name__ == "__main__":
    main()
