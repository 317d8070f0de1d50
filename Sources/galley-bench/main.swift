// galley-bench: Galley's benchmark (targets in Benchmarks/README.md). With no arguments it runs the whole suite: layout of
// ../shared/bench's corpora beside pango-ref and hb-ref, re-layout at a new width, hit testing,
// rendering, linear scaling, threads, memory, edit latency and the cost of sanitizing untrusted
// fonts (`--json` for one object per line).
// `galley-bench file …` times or dumps the lines of one text file (see FileMode.swift).
import Foundation
import GalleyFonts

let suiteUsage = """
    usage: galley-bench [--quick] [--json] [--full] [--only CASE,…] [--repo DIR]
           galley-bench file [--font FILE] [--size PX] [--width PX] [--iterations N] [--lines] TEXTFILE

      (no arguments)  the whole suite (about 2–3 minutes in a release build)
      --quick         fewer and shorter runs, no 10 MB text (well under a minute)
      --json          one JSON object per line on stdout (progress notes stay on stderr)
      --full          lay out the 10 MB text even when the 1 MB run predicts it is slow
      --only CASES    run only these cases: layout,relayout,hittest,render,threads,linear,edit,nobreak,
                      breaking,pathological,sanitize,pdfleak,png,canvas,bridgeleak,soak,startup
      --galley PATH   the galley executable the startup case runs (default: the one beside galley-bench)
      --soak-cards N  cards the soak case draws (default 100 000; 10 000 with --quick)
      --repo DIR      the Galley repository (default: found from the executable or the current directory)
    Run it in release: swift run -c release galley-bench
    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "file" {
    runFileMode(Array(arguments.dropFirst()))
    exit(0)
}
var settings = Settings()
var rest = arguments[...]
while let arg = rest.popFirst() {
    switch arg {
    case "--quick": settings.quick = true
    case "--json": settings.json = true
    case "--full": settings.full = true
    case "--soak-cards": settings.soakCards = Int(need(rest.popFirst(), "--soak-cards needs a value"))
    case "--galley": settings.galley = need(rest.popFirst(), "--galley needs a value")
    case "--repo": settings.repo = need(rest.popFirst(), "--repo needs a value")
    case "--only":
        let names = need(rest.popFirst(), "--only needs a value").split(separator: ",").map(String.init)
        for name in names where !Settings.cases.contains(name) {
            fail("unknown case \(name) (cases: \(Settings.cases.joined(separator: ",")))")
        }
        settings.only = Set(names)
    case "--help", "-h":
        print(suiteUsage)
        exit(0)
    default: fail("unknown argument \(arg)\n\(suiteUsage)")
    }
}
runSuite(settings)
