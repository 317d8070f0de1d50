// `galley fonts`: every family the font collection knows, with the file its regular face resolves to.
import Foundation
import Galley

/// Lists `FontCollection.shared.familyNames` (bundled and system, like
/// `CTFontManagerCopyAvailableFontFamilyNames`), each with the file that `--font FAMILY` would use.
enum FontsCommand {
    /// One family and where its regular face comes from.
    struct Entry {
        let family: String
        /// The resolved face's file, nil for in-memory faces or families that fail to load.
        let path: String?
        let postScriptName: String?
        let bundled: Bool
    }

    /// The entries, sorted as the collection sorts family names.
    static func entries() -> [Entry] {
        let bundledDirectory = FontCollection.shared.bundledFontsDirectory.map { ($0 as NSString).standardizingPath }
        return FontCollection.shared.familyNames.map { family in
            guard let font = try? FontCollection.shared.font(family: family, size: 12) else {
                return Entry(family: family, path: nil, postScriptName: nil, bundled: false)
            }
            let path = font.face.path
            let bundled =
                path.map { p in
                    bundledDirectory.map { (p as NSString).standardizingPath.hasPrefix($0 + "/") } ?? false
                } ?? false
            return Entry(family: family, path: path, postScriptName: font.postScriptName, bundled: bundled)
        }
    }

    /// `family<TAB>path<TAB>bundled|system` lines, or a JSON array with `--json`.
    static func run(json: Bool) -> String {
        let list = entries()
        if json {
            let items: [JSON] = list.map { e in
                .object([
                    ("family", .string(e.family)),
                    ("postScriptName", e.postScriptName.map(JSON.string) ?? .null),
                    ("path", e.path.map(JSON.string) ?? .null),
                    ("bundled", .bool(e.bundled)),
                ])
            }
            return JSON.array(items).text + "\n"
        }
        return list.map { e in
            "\(e.family)\t\(e.path ?? "-")\t\(e.bundled ? "bundled" : "system")\n"
        }.joined()
    }
}
