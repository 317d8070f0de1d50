// Helpers of the PDF tests: pages rasterised by poppler's pdftoppm (run through GalleyTestSupport's
// Poppler), images compared by PSNR and by the pixels of one colour, pdftotext's text normalised.
import Foundation
import GalleyRender
import GalleyTestSupport
import Testing

enum PDFTestSupport {
    /// Page `page` (from 1) of the PDF at `path` rasterised by pdftoppm at `dpi` (72: one pixel per point).
    static func rasterise(_ path: String, page: Int = 1, dpi: Int = 72) throws -> Bitmap {
        let prefix = path + "-raster\(dpi)"
        _ = try #require(
            Poppler.run(
                "pdftoppm", ["-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile", "-png", path, prefix]))
        return try ImageLoader.load(path: prefix + ".png")
    }

    /// Page `page` of the PDF at `path` as an ideal renderer draws it at 72 dpi: rasterised by
    /// pdftoppm `factor` times larger (anti-aliased, so only the edges of the small pixels carry
    /// pdftoppm's own blending), then each `factor` × `factor` block averaged — in linear light (IEC 61966-2-1) and in sRGB codes, the two ways of blending
    /// coverage. (At 72 dpi pdftoppm snaps glyph fills to its quarter-pixel grid but strokes and
    /// images not, and drops quarter pixels for faces over 50 pixels tall; 576 dpi puts
    /// everything within 1/8 of a 72-dpi pixel of where the PDF says.)
    static func rasteriseSupersampled(_ path: String, page: Int = 1, factor: Int = 8) throws -> (
        linear: Bitmap, srgb: Bitmap
    ) {
        let prefix = path + "-raster-\(factor)x"
        _ = try #require(
            Poppler.run(
                "pdftoppm",
                [
                    "-r", "\(72 * factor)", "-f", "\(page)", "-l", "\(page)",
                    "-singlefile", "-png", path, prefix,
                ]))
        let big = try ImageLoader.load(path: prefix + ".png")
        let w = big.width / factor, h = big.height / factor
        var linear = [UInt8](repeating: 255, count: w * h * 4)
        var srgb = linear
        let decode = (0...255).map { TestSupport.linear(UInt8($0)) }
        let n = Double(factor * factor)
        for y in 0..<h {
            for x in 0..<w {
                var l = [0.0, 0.0, 0.0], s = [0.0, 0.0, 0.0]
                for dy in 0..<factor {
                    for dx in 0..<factor {
                        let p = big.pixel(x: x * factor + dx, y: y * factor + dy)!
                        for (c, v) in [p.red, p.green, p.blue].enumerated() {
                            l[c] += decode[Int(v)]
                            s[c] += Double(v)
                        }
                    }
                }
                for c in 0..<3 {
                    linear[(y * w + x) * 4 + c] = TestSupport.srgbByte(linear: l[c] / n)
                    srgb[(y * w + x) * 4 + c] = UInt8((s[c] / n).rounded())
                }
            }
        }
        return (try Bitmap(width: w, height: h, pixels: linear), try Bitmap(width: w, height: h, pixels: srgb))
    }

    /// Peak signal-to-noise ratio of two images' RGB (over white where translucent), in dB;
    /// infinity when identical. The images must have the same size.
    static func psnr(_ a: Bitmap, _ b: Bitmap) throws -> Double {
        try #require(
            a.width == b.width && a.height == b.height, "sizes \(a.width)×\(a.height) and \(b.width)×\(b.height)")
        var sum = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y)!, q = b.pixel(x: x, y: y)!
                for (u, v) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue)] {
                    let d = Double(u) - Double(v)
                    sum += d * d
                }
            }
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The number of pixels whose RGB values satisfy `test`.
    static func count(_ bitmap: Bitmap, where test: (Int, Int, Int) -> Bool) -> Int {
        var n = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap.pixel(x: x, y: y)!
                if test(Int(p.red), Int(p.green), Int(p.blue)) { n += 1 }
            }
        }
        return n
    }

    /// The number of pixels within `tolerance` (per channel) of `color`.
    static func count(_ bitmap: Bitmap, near color: (UInt8, UInt8, UInt8), tolerance: Int = 24) -> Int {
        var n = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap.pixel(x: x, y: y)!
                if abs(Int(p.red) - Int(color.0)) <= tolerance, abs(Int(p.green) - Int(color.1)) <= tolerance,
                    abs(Int(p.blue) - Int(color.2)) <= tolerance
                {
                    n += 1
                }
            }
        }
        return n
    }

    /// `text` without the bidi controls pdftotext adds around right-to-left runs, with each run
    /// of white space as one space.
    static func normalised(_ text: String) -> String {
        let controls: Set<Unicode.Scalar> = [
            "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        ]
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { !controls.contains($0) }))
        return kept.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
