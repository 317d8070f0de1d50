#!/usr/bin/python3
"""galley-bench's `canvas` peer: the same 1200x630 card as the bench's Galley card, drawn by cairo
(pycairo, Debian's python3-cairo) with pango-cairo text (PyGObject's Pango and PangoCairo, Debian's
python3-gi and gir1.2-pango-1.0): a linear gradient, a circular avatar (a PNG of the same pixels),
a white ring, a two-line title with an unblurred offset shadow (the text drawn twice) and a byline.
Each pass makes its own layouts, as Galley's makes its frame and line.

usage: canvas-ref.py AVATAR.png ITERATIONS RUNS [OUT.png]
  prints one JSON line: {"us": median microseconds per card, "lines": title lines}
usage: canvas-ref.py AVATAR.png --serve
  draws one card (the warm-up), then for each line N read from stdin draws N cards and prints one
  JSON line: {"wall_us": wall microseconds per card, "cpu_us": CPU microseconds per card (getrusage
  of this process, user + system), "lines": title lines}; ends at the end of stdin. galley-bench
  drives this mode, alternating its rounds with its own cards.
(Run with FONTCONFIG_FILE naming a configuration that adds the repository's fonts.)"""
import json
import math
import resource
import sys
import time

import cairo
import gi

gi.require_foreign("cairo")
gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402

TITLE = "One canvas, one card \u2728\n\u7d44\u7248\u3082\u30ab\u30fc\u30c9\u3082\u3001\u3072\u3068\u3064\u306e\u6587\u8108\u3067"
BYLINE = "by Galley \u00b7 CoreText-style layout for Linux"


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))


def layout(cr, text, family, size, width=None):
    lay = PangoCairo.create_layout(cr)
    PangoCairo.context_set_resolution(lay.get_context(), 72)
    desc = Pango.FontDescription.from_string(family)
    desc.set_absolute_size(size * Pango.SCALE)
    lay.set_font_description(desc)
    if width:
        lay.set_width(int(width * Pango.SCALE))
    lay.set_text(text, -1)
    return lay


def card(avatar):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 1200, 630)
    cr = cairo.Context(surface)
    # y down: Galley's y-up start (0, 630) is the top-left corner, its end (1200, 0) the bottom-right.
    gradient = cairo.LinearGradient(0, 0, 1200, 630)
    gradient.add_color_stop_rgb(0, *hex_rgb("#1d2b64"))
    gradient.add_color_stop_rgb(1, *hex_rgb("#f8cdda"))
    cr.set_source(gradient)
    cr.paint()
    # The avatar: y-up rect (80, 300, 200, 200) is y-down (80, 130).
    cr.save()
    cr.arc(180, 230, 100, 0, 2 * math.pi)
    cr.clip()
    cr.translate(80, 130)
    cr.scale(200 / avatar.get_width(), 200 / avatar.get_height())
    cr.set_source_surface(avatar, 0, 0)
    cr.get_source().set_filter(cairo.FILTER_GOOD)
    cr.paint()
    cr.restore()
    cr.set_source_rgb(1, 1, 1)
    cr.set_line_width(6)
    cr.arc(180, 230, 100, 0, 2 * math.pi)
    cr.stroke()
    # The title: Galley's frame top is y-up 470, y-down 160; the shadow 5 points lower.
    title = layout(cr, TITLE, "DejaVu Sans, Droid Sans Fallback Bold", 56, width=840)
    cr.move_to(320, 160 + 5)
    cr.set_source_rgba(0, 0, 0, 0.6)
    PangoCairo.show_layout(cr, title)
    cr.move_to(320, 160)
    cr.set_source_rgb(1, 1, 1)
    PangoCairo.show_layout(cr, title)
    # The byline: its baseline at y-up 285 (y-down 345).
    byline = layout(cr, BYLINE, "DejaVu Sans", 28)
    cr.move_to(320, 345 - byline.get_baseline() / Pango.SCALE)
    cr.set_source_rgb(0, 0, 0)
    PangoCairo.show_layout(cr, byline)
    surface.flush()
    return surface, title.get_line_count()


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def serve(avatar):
    card(avatar)
    print(json.dumps({"ready": True}), flush=True)
    for request in sys.stdin:
        count = max(1, int(request))
        wall, cpu = time.perf_counter(), cpu_seconds()
        for _ in range(count):
            surface, lines = card(avatar)
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        print(json.dumps({"wall_us": wall / count * 1e6, "cpu_us": cpu / count * 1e6, "lines": lines}), flush=True)


def main():
    avatar = cairo.ImageSurface.create_from_png(sys.argv[1])
    if sys.argv[2:3] == ["--serve"]:
        serve(avatar)
        return
    iterations, runs = int(sys.argv[2]), int(sys.argv[3])
    card(avatar)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(iterations):
            surface, lines = card(avatar)
        times.append((time.perf_counter() - start) / iterations)
    if len(sys.argv) > 4:
        surface.write_to_png(sys.argv[4])
    times.sort()
    print(json.dumps({"us": times[len(times) // 2] * 1e6, "lines": lines}))


if __name__ == "__main__":
    main()
