// The `galley` command-line tool: a thin entry point over GalleyCLI.
import Foundation
import GalleyCLI

let result = GalleyTool.run(Array(CommandLine.arguments.dropFirst())) {
    [UInt8](FileHandle.standardInput.readDataToEndOfFile())
}
if !result.stdout.isEmpty {
    FileHandle.standardOutput.write(Data(result.stdout))
}
if !result.stderr.isEmpty {
    FileHandle.standardError.write(Data(result.stderr.utf8))
}
exit(result.status)
