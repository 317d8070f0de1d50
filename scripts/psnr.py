#!/usr/bin/env python3
"""PSNR between two PNG images (8-bit grey, RGB or RGBA, non-interlaced), standard library only.

usage: psnr.py A.png B.png [--linearize-b] [--align]

Prints "PSNR_DB WIDTHxHEIGHT" over the RGB channels of the common top-left area (alpha composited
over white). With --linearize-b, each channel v of B is replaced by 255 * srgb_to_linear(v / 255)
first: for black ink on white this turns coverage blended in linear light (Galley) into coverage
blended naively in sRGB (cairo), so the number measures geometry rather than gamma. With --align, B is also moved vertically by
the whole number of pixels in -3...3 that gives the best PSNR (reported as "dy=N"): line metrics
that are rounded differently (FreeType rounds a face's ascender up to whole pixels for Pango;
Galley uses the exact hhea value, as CoreText does) move whole lines, not glyph shapes.
"""
import math
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace != 0 or ctype not in (0, 2, 4, 6):
                raise SystemExit(f"{path}: unsupported PNG (depth {depth}, colour type {ctype}, interlace {interlace})")
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    pixels = []
    for line in rows:
        out = []
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            if channels == 1:
                r = g = bl = px[0]; al = 255
            elif channels == 2:
                r = g = bl = px[0]; al = px[1]
            elif channels == 3:
                r, g, bl = px; al = 255
            else:
                r, g, bl, al = px
            # Composite over white (naively; only the transparent margins of some outputs need it).
            out.append(tuple((v * al + 255 * (255 - al) + 127) // 255 for v in (r, g, bl)))
        pixels.append(out)
    return width, height, pixels


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    linearize = "--linearize-b" in sys.argv
    if len(args) != 2:
        raise SystemExit(__doc__)
    wa, ha, a = read_png(args[0])
    wb, hb, b = read_png(args[1])
    w, h = min(wa, wb), min(ha, hb)

    def lin(v):
        s = v / 255
        return 255 * (s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4)

    table = [lin(v) for v in range(256)]

    def score(dy):
        total = 0.0
        for y in range(h):
            yb = y - dy
            for x in range(w):
                for c in range(3):
                    v = b[yb][x][c] if 0 <= yb < h else 255
                    vb = table[v] if linearize else v
                    d = a[y][x][c] - vb
                    total += d * d
        mse = total / (w * h * 3)
        return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)

    shifts = range(-3, 4) if "--align" in sys.argv else [0]
    psnr, dy = max((score(d), d) for d in shifts)
    print(f"{psnr:.2f} {w}x{h}" + (f" dy={dy}" if "--align" in sys.argv else "")
          + ("" if (wa, ha) == (wb, hb) else f" (sizes {wa}x{ha} vs {wb}x{hb})"))


main()
