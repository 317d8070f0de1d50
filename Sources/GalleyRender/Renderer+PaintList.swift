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
        bitmap.withTarget { draw(list, into: $0, imageProvider: imageProvider) }
    }

    /// ``draw(_:into:imageProvider:)`` onto `target`'s pixels: a Bitmap's, or a bitmap
    /// ``GraphicsContext``'s premultiplied cairo words, the same arithmetic on both.
    func draw<L>(_ list: PaintList, into target: PixelTarget<L>, imageProvider: (Placeholder) -> Bitmap?) {
        let (width, height) = (target.width, target.height)
        for operation in list.operations {
            switch operation {
            case .fill(let fill):
                fillSnapped(fill.rect, color: fill.color, into: target)
            case .shadow(let shadow):
                drawShadow(shadow, of: glyphLayers(of: shadow.glyphs, width: width, height: height), into: target)
            case .glyphs(let glyphs):
                for layer in glyphLayers(of: glyphs, width: width, height: height) {
                    composite(layer, into: target)
                }
            case .decoration(let decoration):
                for rect in decoration.rects {
                    fillSnapped(rect, color: decoration.color, into: target)
                }
            case .placeholder(let placeholder):
                if let image = imageProvider(placeholder) {
                    drawImage(image, in: placeholder.rect, into: target)
                } else {
                    drawPlaceholderBox(in: placeholder.rect, into: target)
                }
            }
        }
    }

    /// Fills `rect` (y-up points) with `color`, each edge rounded to the nearest pixel boundary;
    /// a non-empty rect covers at least one pixel in each direction. Composited in linear light.
    func fillSnapped<L>(_ rect: CGRect, color: Color, into target: PixelTarget<L>) {
        guard let (x, y, w, h) = pixelRect(rect, in: target), w > 0, h > 0 else { return }
        let limit = Double(4 * Bitmap.maximumDimension)
        guard abs(x) < limit, abs(y) < limit, w < limit, h < limit else { return }
        let x0 = Int(x.rounded()), y0 = Int(y.rounded())
        let x1 = max(Int((x + w).rounded()), x0 + 1), y1 = max(Int((y + h).rounded()), y0 + 1)
        guard let xs = Renderer.span(x0, x1 - 1, within: target.width),
            let ys = Renderer.span(y0, y1 - 1, within: target.height)
        else { return }
        let linear = LinearColor(color)
        guard linear.alpha > 0 else { return }
        SRGBTransfer.withTables { t in
            for py in ys {
                for px in xs {
                    Bitmap.compositeLinear(target.pixel(px, py), L.self, t, linear, alpha: linear.alpha)
                }
            }
        }
    }
}
