#!/usr/bin/env python3
"""Makes samples/avatar.jpg, the social card sample's avatar: a generated 256x256 picture (a sky
gradient, a sun, hills and a face-like disc), written as PPM and compressed by libjpeg-turbo's cjpeg
(Debian's libjpeg-turbo-progs), so the sample reads a real baseline JPEG. Run from the repository."""
import math
import subprocess
import sys
import tempfile

W = H = 256


def pixel(x, y):
    # Sky: deep blue at the top to warm orange at the horizon.
    t = y / (H - 1)
    r, g, b = 40 + 200 * t, 70 + 110 * t, 160 - 60 * t
    # Sun.
    d = math.hypot(x - 180, y - 80)
    if d < 34:
        r, g, b = 255, 220, 90
    elif d < 60:
        k = (60 - d) / 26 * 0.5
        r, g, b = r + (255 - r) * k, g + (220 - g) * k, b + (90 - b) * k
    # Hills.
    if y > 170 + 18 * math.sin(x / 30):
        r, g, b = 40, 120 + 40 * math.sin(x / 50), 60
    # A face-like disc with two eyes and a smile.
    f = math.hypot(x - 100, y - 140)
    if f < 58:
        r, g, b = 250, 205, 160
        if math.hypot(x - 80, y - 125) < 7 or math.hypot(x - 120, y - 125) < 7:
            r, g, b = 40, 30, 30
        s = math.hypot(x - 100, y - 145)
        if 24 < s < 30 and y > 150:
            r, g, b = 190, 60, 60
    return bytes(int(max(0, min(255, v))) for v in (r, g, b))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "samples/avatar.jpg"
    with tempfile.NamedTemporaryFile(suffix=".ppm") as ppm:
        ppm.write(b"P6\n%d %d\n255\n" % (W, H))
        ppm.write(b"".join(pixel(x, y) for y in range(H) for x in range(W)))
        ppm.flush()
        subprocess.run(["cjpeg", "-quality", "88", "-outfile", out, ppm.name], check=True)


if __name__ == "__main__":
    main()
