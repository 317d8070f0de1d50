// The deployment of docs/DEPLOYING.md reproduced without Docker: the built `galley` and its font
// bundle copied into an empty folder, run with `env -i` from another working directory, so neither
// the source tree nor the build directory can be reached through the environment or a relative path.
import Foundation
import GalleyTestSupport
import Testing

@Suite("deployment from a copied folder")
struct DeploymentTests {
    /// The resource bundle SwiftPM builds from Fonts/.
    static let bundleName = "Galley_GalleyFontFiles.resources"

    /// Text whose scripts only the bundled fonts cover on a Debian machine with DejaVu alone:
    /// emoji, Devanagari and Thai, each with the family the bundle gives it (DejaVu Sans, which
    /// Debian also has, covers Latin and basic Arabic and Hebrew).
    static let sample = "Hi 👋 नमस्ते สวัสดี"
    static let bundledFamilies: Set<String> = [
        "DejaVu Sans", "Noto Color Emoji", "Noto Sans Devanagari", "Noto Sans Thai",
    ]

    /// The build directory holding the `galley` the tests run, and its bundle.
    static func buildDirectory() throws -> URL {
        try EndToEndTests.executable().deletingLastPathComponent()
    }

    /// A deployment: `<tmp>/app/galley`, the bundle beside it when `withBundle`, and an empty
    /// `<tmp>/work` to run from.
    struct Deployment {
        let root: URL
        var app: URL { root.appendingPathComponent("app") }
        var work: URL { root.appendingPathComponent("work") }
        var executable: String { app.appendingPathComponent("galley").path }

        init(withBundle: Bool) throws {
            root = try TemporaryDirectory.make("deploy")
            let fm = FileManager.default
            try fm.createDirectory(at: root.appendingPathComponent("app"), withIntermediateDirectories: true)
            try fm.createDirectory(at: root.appendingPathComponent("work"), withIntermediateDirectories: true)
            let build = try DeploymentTests.buildDirectory()
            try fm.copyItem(
                at: build.appendingPathComponent("galley"), to: root.appendingPathComponent("app/galley"))
            if withBundle {
                try fm.copyItem(
                    at: build.appendingPathComponent(DeploymentTests.bundleName),
                    to: root.appendingPathComponent("app/" + DeploymentTests.bundleName))
            }
        }

        /// Runs the copied tool with `env -i` (nothing but `environment`) from the work folder.
        /// The sanitizers' own options pass through when the tests run under one (`make
        /// sanitize`): they name no path the tool could find its fonts by, and without
        /// LSAN_OPTIONS' suppressions a sanitized tool fails at exit on fontconfig's
        /// once-per-process allocation (scripts/lsan.supp).
        func run(_ arguments: [String], environment: [String] = []) throws -> ToolProcess.Output {
            let sanitizer = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].compactMap { name in
                ProcessInfo.processInfo.environment[name].map { "\(name)=\($0)" }
            }
            return try ToolProcess.run(
                "/usr/bin/env", ["-i", "-C", work.path] + sanitizer + environment + [executable] + arguments,
                timeout: 120)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// The families of the runs `galley layout` reports.
    static func families(_ json: String) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let lines = try #require(object?["lines"] as? [[String: Any]])
        return Set(lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }.compactMap { $0["family"] as? String })
    }

    @Test("the copied tool finds its copied fonts, with no warning, and draws")
    func copiedFolderUsesItsBundle() throws {
        let deployment = try Deployment(withBundle: true)
        defer { deployment.remove() }
        let layout = try deployment.run(["layout", "--text", Self.sample])
        #expect(layout.status == 0, "\(layout.errorText)")
        #expect(layout.errorText.isEmpty)
        #expect(try Self.families(layout.text) == Self.bundledFamilies)
        let render = try deployment.run(["render", "--text", Self.sample, "-o", "card.png"])
        #expect(render.status == 0 && render.errorText.isEmpty, "\(render.errorText)")
        let png = try Data(contentsOf: deployment.work.appendingPathComponent("card.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // `galley fonts` says the families come from the copied bundle.
        let fonts = try deployment.run(["fonts"])
        let emoji = try #require(fonts.text.split(separator: "\n").first { $0.hasPrefix("Noto Color Emoji\t") })
        #expect(emoji.contains(deployment.app.appendingPathComponent(Self.bundleName).path))
    }

    @Test("a line in bundled fonts loads no fontconfig configuration: the bundle's index describes the faces")
    func bundledLineNeedsNoFontconfig() throws {
        let deployment = try Deployment(withBundle: true)
        defer { deployment.remove() }
        // fontconfig, once initialised, says on stderr that it cannot load this configuration.
        let missing = ["FONTCONFIG_FILE=/nonexistent/fonts.conf"]
        let layout = try deployment.run(["layout", "--text", Self.sample], environment: missing)
        #expect(layout.status == 0 && layout.errorText.isEmpty, "\(layout.errorText)")
        #expect(try Self.families(layout.text) == Self.bundledFamilies)
        let render = try deployment.run(["render", "--text", "Hello, world", "-o", "line.png"], environment: missing)
        #expect(render.status == 0 && render.errorText.isEmpty, "\(render.errorText)")
        // A name only fontconfig resolves still loads it, and so hears of the missing file.
        let alias = try deployment.run(["layout", "--font", "Times 12", "--text", "x"], environment: missing)
        #expect(alias.status == 0 && alias.errorText.contains("Fontconfig"), "\(alias.errorText)")
    }

    @Test("without the bundle: one warning naming what was tried and the fix; Latin still draws")
    func missingBundleWarnsOnce() throws {
        let deployment = try Deployment(withBundle: false)
        defer { deployment.remove() }
        let layout = try deployment.run(["layout", "--text", Self.sample])
        #expect(layout.status == 0, "\(layout.errorText)")
        let lines = layout.errorText.split(separator: "\n")
        #expect(lines.count == 1, "\(layout.errorText)")
        let warning = String(lines.first ?? "")
        #expect(warning.hasPrefix("Galley: warning: no bundled fonts found"))
        #expect(warning.contains(deployment.app.appendingPathComponent(Self.bundleName).path + ": missing"))
        #expect(warning.contains("GALLEY_FONTS_DIR"))
        let families = try Self.families(layout.text)
        #expect(families.contains("DejaVu Sans"))
        #expect(families.isDisjoint(with: ["Noto Color Emoji", "Noto Sans Devanagari", "Noto Sans Thai"]))
    }

    @Test("GALLEY_FONTS_DIR is used when it holds fonts, and refused with one warning when it does not")
    func overrideIsValidated() throws {
        let deployment = try Deployment(withBundle: true)
        defer { deployment.remove() }
        let fonts = deployment.root.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestFonts.path("NotoSansThai-Regular.ttf"),
            toPath: fonts.appendingPathComponent("NotoSansThai-Regular.ttf").path)
        let used = try deployment.run(["layout", "--text", "สวัสดี 👋"], environment: ["GALLEY_FONTS_DIR=\(fonts.path)"])
        #expect(used.status == 0 && used.errorText.isEmpty, "\(used.errorText)")
        let families = try Self.families(used.text)
        #expect(families.contains("Noto Sans Thai") && !families.contains("Noto Color Emoji"))

        let empty = deployment.root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let cases = [
            ("/nonexistent", "no such directory"), (deployment.executable, "not a directory"),
            (empty.path, "holds no .ttf, .otf, .ttc or .otc file"),
        ]
        for (value, reason) in cases {
            let refused = try deployment.run(
                ["layout", "--text", Self.sample], environment: ["GALLEY_FONTS_DIR=\(value)"])
            #expect(refused.status == 0, "\(refused.errorText)")
            let bundle = deployment.app.appendingPathComponent(Self.bundleName).path
            #expect(
                refused.errorText
                    == "Galley: warning: GALLEY_FONTS_DIR=\(value): \(reason); using the bundled fonts in \(bundle) instead\n"
            )
            #expect(try Self.families(refused.text) == Self.bundledFamilies)
        }
    }

    @Test("no bundle and no system fonts: the error says how to give Galley fonts")
    func noFontsAtAll() throws {
        let deployment = try Deployment(withBundle: false)
        defer { deployment.remove() }
        // A fontconfig configuration with no font directories: a container image with no fonts.
        let config = deployment.root.appendingPathComponent("fonts.conf")
        let cache = deployment.root.appendingPathComponent("fc-cache").path
        try Data("<?xml version=\"1.0\"?>\n<fontconfig><cachedir>\(cache)</cachedir></fontconfig>\n".utf8)
            .write(to: config)
        let result = try deployment.run(
            ["render", "--text", "Hello", "-o", "x.png"], environment: ["FONTCONFIG_FILE=\(config.path)"])
        #expect(result.status == 2)
        #expect(result.errorText.contains("No bundled or system font has the family 'DejaVu Sans'"))
        #expect(result.errorText.contains("set GALLEY_FONTS_DIR to a folder of fonts"))
        #expect(!FileManager.default.fileExists(atPath: deployment.work.appendingPathComponent("x.png").path))
    }

    @Test("the built bundle holds every file of Fonts/, byte for byte in size")
    func bundleHoldsEveryFont() throws {
        let fm = FileManager.default
        let bundle = try Self.buildDirectory().appendingPathComponent(Self.bundleName)
        let sources = try fm.contentsOfDirectory(atPath: TestFonts.sourceDirectory).filter { !$0.hasSuffix(".swift") }
        #expect(sources.count > 20)
        for name in sources {
            let source = try fm.attributesOfItem(atPath: TestFonts.sourceDirectory + "/" + name)[.size] as? Int
            let built = try? fm.attributesOfItem(atPath: bundle.appendingPathComponent(name).path)[.size] as? Int
            #expect(built == source, "\(name) in \(bundle.path)")
        }
    }

    @Test("every library the executable needs is in the Dockerfile's runtime stage")
    func runtimePackagesAreListed() throws {
        let guide = try String(contentsOf: TestPackage.url("docs/DEPLOYING.md"), encoding: .utf8)
        let runtime = try #require(guide.range(of: "FROM debian:bookworm-slim")).upperBound
        let end = try #require(guide.range(of: "COPY --from=build", range: runtime..<guide.endIndex)).lowerBound
        let listed = Set(
            guide[runtime..<end].split(whereSeparator: { " \n\\&".contains($0) }).map(String.init)
                .filter { $0.first?.isLetter == true })
        // The Dockerfile copies exactly what `Deployment` copies.
        #expect(guide.contains("cp .build/release/galley /app/"))
        #expect(guide.contains("cp -R .build/release/\(Self.bundleName) /app/"))

        let executable = try EndToEndTests.executable().path
        let elf = try ToolProcess.run("/usr/bin/readelf", ["-d", executable])
        let needed = elf.text.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
            else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #expect(needed.contains("libcairo.so.2"))
        // A sanitizer build (`make sanitize`) links the sanitizer's runtime, which needs
        // libresolv and libgcc_s: libraries of that build, not of the release image.
        let symbols = try ToolProcess.run("/usr/bin/readelf", ["--dyn-syms", "-W", executable]).text
        let sanitized = symbols.contains(" __asan_init\n") || symbols.contains(" __tsan_init\n")
        let runtimeOfSanitizer: Set<String> = sanitized ? ["libresolv.so.2", "libgcc_s.so.1"] : []
        let ldd = try ToolProcess.run("/usr/bin/ldd", [executable]).text
        for library in needed where !runtimeOfSanitizer.contains(library) {
            let line = try #require(ldd.split(separator: "\n").first { $0.contains(library + " => ") }, "\(library)")
            let path = String(line.split(separator: " ")[2])
            if path.contains("/swift/") { continue }  // the toolchain's runtime: static in the release image
            if library.hasPrefix("libc.so") || library.hasPrefix("libm.so") { continue }  // libc6: in every image
            let usrPath = path.hasPrefix("/lib/") ? "/usr" + path : path
            let owner = try ToolProcess.run("/usr/bin/dpkg", ["-S", usrPath])
            let package = String(owner.text.prefix { $0 != ":" })
            #expect(owner.status == 0 && listed.contains(package), "\(library) (\(package)) not in DEPLOYING.md")
        }
    }
}
