// galley-canvas-samples: renders the canvas samples (the social card and the arc text) into a
// folder, through the library (`make demo` runs it): galley-canvas-samples OUT_DIR [AVATAR_JPEG].
import Foundation
import Galley

let arguments = CommandLine.arguments
let outDirectory = arguments.count > 1 ? arguments[1] : "out"
let avatar = arguments.count > 2 ? arguments[2] : "samples/avatar.jpg"
do {
    try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
    try drawSocialCard(avatarPath: avatar).makeImage().write(to: outDirectory + "/social-card.png")
    try drawArcSample().makeImage().write(to: outDirectory + "/arc-text.png")
    print("wrote \(outDirectory)/social-card.png and \(outDirectory)/arc-text.png")
} catch {
    FileHandle.standardError.write(Data("galley-canvas-samples: \(error)\n".utf8))
    exit(1)
}
