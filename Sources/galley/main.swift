import GalleyCLI

// The `galley` command-line tool: a thin entry point over GalleyCLI.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// A write beyond the file size limit (`ulimit -f`) then fails with EFBIG, which the tool reports
// (status 1, its temporary file removed), instead of killing the process mid-write.
signal(SIGXFSZ, SIG_IGN)

let result = GalleyTool.run(
    Array(CommandLine.arguments.dropFirst()),
    standardInput: { GalleyTool.readStandardInput() },
    standardError: { GalleyTool.writeStandardError($0) },
    showsProgress: isatty(STDERR_FILENO) != 0)
var status = result.status
var message = result.stderr
if !result.stdout.isEmpty, let failure = GalleyTool.writeStandardOutput(result.stdout) {
    status = 1
    message = failure
}
if !message.isEmpty {
    GalleyTool.writeStandardError(message)
}
exit(status)
