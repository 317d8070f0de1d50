// `galley shape`: the glyphs of one line, printed like hb-shape (glyph=cluster+advance), in points.
import Foundation
import Galley

/// Shapes and lays out the input as unwrapped lines (one per paragraph) and prints each line's
/// glyphs in visual order, as `hb-shape --no-glyph-names` does: `[gid=cluster@dx,dy+advance|…]`,
/// with advances and offsets in points (hb-shape prints font units) and clusters as UTF-16 offsets
/// (Galley's string indices; hb-shape counts UTF-8 bytes). `@dx,dy` appears only when the glyph
/// is offset from its pen position. With `--json`, an array per line of objects
/// `{g, cl, dx, dy, ax, ay, font}`, like `hb-shape --output-format=json` plus the font name.
enum ShapeCommand {
    /// One glyph of a line.
    struct Glyph {
        let id: GlyphID
        let cluster: Int
        let dx: CGFloat
        let dy: CGFloat
        let advance: CGSize
        let font: String
    }

    /// The glyphs of each line of `document`, laid out without wrapping.
    static func lines(_ document: InputDocument) throws(CLIError) -> [[Glyph]] {
        let frame: Frame
        do {
            let framesetter = try Framesetter(document.text, defaultFont: document.font)
            frame = try framesetter.frame(in: CGRect(x: 0, y: 0, width: 1_000_000, height: 1_000_000))
        } catch {
            throw CLIError.layoutFailed(error, doing: "shaping")
        }
        return frame.lines.map { line in
            var glyphs: [Glyph] = []
            for run in line.glyphRuns {
                var pen = run.originX
                for i in 0..<min(run.glyphs.count, run.positions.count, run.advances.count, run.stringIndices.count) {
                    let p = run.positions[i]
                    glyphs.append(
                        Glyph(
                            id: run.glyphs[i], cluster: run.stringIndices[i], dx: p.x - pen, dy: p.y,
                            advance: run.advances[i], font: run.font.postScriptName))
                    pen += run.advances[i].width
                }
            }
            return glyphs
        }
    }

    static func run(_ document: InputDocument, _ options: Options) throws(CLIError) -> String {
        let lines = try lines(document)
        if options.json {
            return lines.map { glyphs in
                JSON.array(
                    glyphs.map { g in
                        .object([
                            ("g", .int(Int(g.id))), ("cl", .int(g.cluster)), ("dx", .num(g.dx)), ("dy", .num(g.dy)),
                            ("ax", .num(g.advance.width)), ("ay", .num(g.advance.height)), ("font", .string(g.font)),
                        ])
                    }
                ).text + "\n"
            }.joined()
        }
        return lines.map { glyphs in
            "["
                + glyphs.map { g in
                    var item = "\(g.id)=\(g.cluster)"
                    if abs(g.dx) >= 0.0005 || abs(g.dy) >= 0.0005 {
                        item += "@" + JSON.format(Double(g.dx)) + "," + JSON.format(Double(g.dy))
                    }
                    item += "+" + JSON.format(Double(g.advance.width))
                    if abs(g.advance.height) >= 0.0005 { item += "," + JSON.format(Double(g.advance.height)) }
                    return item
                }.joined(separator: "|") + "]\n"
        }.joined()
    }
}
