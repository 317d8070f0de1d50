// The bitmap output of a paint list: each operation turned into pixels, in the list's order.
import Foundation
import GalleyLayout
import GalleyText

extension Renderer {
    /// Draws the operations of `list` in order into `bitmap`: fills and decoration rectangles
    /// snapped to whole pixels, shadows blurred, glyphs rasterised by FreeType, and each
    /// placeholder as the image that `imageProvider` returns for it, scaled into its rect, or else
    /// a 1-pixel grey outline with a diagonal. Like replaying the CoreGraphics calls of
    /// `CTFrameDraw` into a bitmap `CGContext`; the frame-drawing methods draw their frame's list.
    public func draw(
        _ list: PaintList, into bitmap: inout Bitmap,
        imageProvider: (Placeholder) -> Bitmap? = { _ in nil }
    ) {
        for operation in list.operations {
            switch operation {
            case .fill(let fill):
                fillSnapped(fill.rect, color: fill.color, into: &bitmap)
            case .shadow(let shadow):
                drawShadow(shadow, of: glyphLayers(of: shadow.glyphs, in: bitmap), into: &bitmap)
            case .glyphs(let glyphs):
                for layer in glyphLayers(of: glyphs, in: bitmap) {
                    composite(layer, into: &bitmap)
                }
            case .decoration(let decoration):
                for rect in decoration.rects {
                    fillSnapped(rect, color: decoration.color, into: &bitmap)
                }
            case .placeholder(let placeholder):
                if let image = imageProvider(placeholder) {
                    drawImage(image, in: placeholder.rect, into: &bitmap)
                } else {
                    drawPlaceholderBox(in: placeholder.rect, into: &bitmap)
                }
            }
        }
    }

    /// Fills `rect` (y-up points) with `color`, each edge rounded to the nearest pixel boundary;
    /// a non-empty rect covers at least one pixel in each direction. Composited in linear light.
    func fillSnapped(_ rect: CGRect, color: Color, into bitmap: inout Bitmap) {
        // Rounded in device pixels, then moved into the window (whole pixels: exact).
        guard let (x, y, w, h) = devicePixelRect(rect, in: bitmap), w > 0, h > 0 else { return }
        let limit = Double(4 * Bitmap.maximumDimension)
        guard abs(x) < limit, abs(y) < limit, w < limit, h < limit else { return }
        let (wx, wy) = (window?.x ?? 0, window?.y ?? 0)
        let x0 = Int(x.rounded()), y0 = Int(y.rounded())
        let x1 = max(Int((x + w).rounded()), x0 + 1) - wx, y1 = max(Int((y + h).rounded()), y0 + 1) - wy
        let (xs, ys) = (x0 - wx, y0 - wy)
        guard let xs = Renderer.span(xs, x1 - 1, within: bitmap.width),
            let ys = Renderer.span(ys, y1 - 1, within: bitmap.height)
        else { return }
        let linear = LinearColor(color)
        guard linear.alpha > 0 else { return }
        let width = bitmap.width
        SRGBTransfer.withTables { t in
            bitmap.withMutablePixels { dst in
                for py in ys {
                    for px in xs {
                        Bitmap.compositeLinear(dst, at: (py * width + px) * 4, t, linear, alpha: linear.alpha)
                    }
                }
            }
        }
    }
}
