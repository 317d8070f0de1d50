// The `galley` command-line tool: a thin entry point over GalleyCLI.
import Foundation
import GalleyCLI

let result = GalleyTool.run(
    Array(CommandLine.arguments.dropFirst()),
    standardInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
    standardError: { FileHandle.standardError.write(Data($0.utf8)) })
if !result.stdout.isEmpty {
    FileHandle.standardOutput.write(Data(result.stdout))
}
if !result.stderr.isEmpty {
    FileHandle.standardError.write(Data(result.stderr.utf8))
}
exit(result.status)
