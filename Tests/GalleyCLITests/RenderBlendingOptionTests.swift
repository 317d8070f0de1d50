// The text-rendering options: --text-blending platform|linear and --antialias gray|none, as
// pango-view spells the latter; bad values are command-line errors (status 2).
import Foundation
import GalleyCLI
import GalleyRender
import GalleyTestSupport
import Testing

@Suite("render --text-blending and --antialias")
struct RenderBlendingOptionTests {
    static func render(_ extra: [String]) throws -> CLITestSupport.PPM {
        let r = CLITestSupport.run(
            [
                "render", "--font", TestFonts.dejaVuSans, "--size", "13", "--text", "Hamburgefonstiv", "-o", "-",
                "--format", "ppm",
            ] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return try CLITestSupport.parsePPM(r.stdout)
    }

    @Test("the options parse, in both spellings, and reach the renderer")
    func parse() throws {
        let command = try CommandLineParser.parse([
            "render", "--text", "x", "--text-blending", "linear", "--antialias=none", "-o", "x.png",
        ])
        guard case .render(let options) = command else {
            Issue.record("not a render command: \(command)")
            return
        }
        #expect(options.textBlending == .linear)
        #expect(options.antialiasing == .none)
        let defaults = try CommandLineParser.parse(["render", "--text", "x", "-o", "x.png"])
        guard case .render(let plain) = defaults else { return }
        #expect(plain.textBlending == .platform)
        #expect(plain.antialiasing == .gray)
    }

    @Test("--text-blending linear draws lighter black-on-white text than the default")
    func blendingChangesInk() throws {
        let platform = try Self.render([])
        let linear = try Self.render(["--text-blending", "linear"])
        // Same coverage, blended in sRGB (255·(1 − a)) or in linear light (encode(1 − a) ≥ that).
        #expect(platform.rgb != linear.rgb)
        #expect(zip(platform.rgb, linear.rgb).allSatisfy { $0 <= $1 })
    }

    @Test("--antialias none leaves only background and text colours")
    func monochrome() throws {
        for hinting in ["none", "light", "full"] {
            let image = try Self.render(["--antialias", "none", "--hinting", hinting])
            #expect(image.rgb.allSatisfy { $0 == 0 || $0 == 255 }, "hinting \(hinting)")
            #expect(image.rgb.contains(0))
        }
        let gray = try Self.render(["--antialias", "gray"])
        #expect(gray.rgb.contains { $0 != 0 && $0 != 255 })
    }

    @Test(
        "bad values are one-line errors with status 2",
        arguments: [
            (["--text-blending", "gamma"], "--text-blending"), (["--text-blending", ""], "--text-blending"),
            (["--antialias", "subpixel"], "--antialias"), (["--antialias", "yes"], "--antialias"),
        ])
    func badValues(_ extra: [String], culprit: String) {
        let r = CLITestSupport.run(["render", "--text", "hi", "-o", "out.png"] + extra)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("galley: ") && r.stderr.hasSuffix("\n"))
        #expect(r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(culprit), "\(r.stderr)")
    }

    @Test("layout refuses the render-only options")
    func layoutRefuses() {
        for option in ["--text-blending", "--antialias"] {
            let r = CLITestSupport.run(["layout", "--text", "hi", option, "linear"])
            #expect(r.status == 2, "\(option)")
        }
    }
}
