#!/usr/bin/env python3
# The independent drawing of the GraphicsContext tests: pycairo (Debian's python3-cairo) runs a
# program of cairo calls on a fresh surface and writes the result.
#
#   cairo-reference.py KIND WIDTH HEIGHT OUT PROGRAM
#
# KIND is "png" (an ARGB32 image surface written as PNG) or "pdf" (a PDF surface of WIDTH × HEIGHT
# points). PROGRAM is a file of Python statements run with `cr` (the cairo context, in cairo's own
# y-down user space), `W`, `H`, `cairo` and `math` in scope, plus `blur_alpha(surface, sigma)`, a
# true Gaussian blur of an A8 surface for shadows.
import math
import sys

import cairo


def blur_alpha(surface, sigma):
    """Blurs an A8 image surface in place with a sampled Gaussian of `sigma` pixels (3 sigma)."""
    surface.flush()
    w, h, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    data = surface.get_data()
    radius = int(math.ceil(3 * sigma))
    kernel = [math.exp(-(i * i) / (2 * sigma * sigma)) for i in range(-radius, radius + 1)]
    total = sum(kernel)
    kernel = [k / total for k in kernel]
    rows = [[data[y * stride + x] for x in range(w)] for y in range(h)]
    tmp = [[0.0] * w for _ in range(h)]
    for y in range(h):
        row = rows[y]
        for x in range(w):
            s = 0.0
            for i, k in enumerate(kernel):
                xx = x + i - radius
                if 0 <= xx < w:
                    s += row[xx] * k
            tmp[y][x] = s
    for x in range(w):
        for y in range(h):
            s = 0.0
            for i, k in enumerate(kernel):
                yy = y + i - radius
                if 0 <= yy < h:
                    s += tmp[yy][x] * k
            data[y * stride + x] = max(0, min(255, int(round(s))))
    surface.mark_dirty()


def main():
    kind, width, height, out, program = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
    if kind == "png":
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    else:
        surface = cairo.PDFSurface(out, width, height)
    cr = cairo.Context(surface)
    with open(program) as f:
        code = f.read()
    exec(code, {"cr": cr, "W": width, "H": height, "cairo": cairo, "math": math, "blur_alpha": blur_alpha,
                "surface": surface})
    if kind == "png":
        surface.write_to_png(out)
    else:
        surface.finish()


main()
