// FontCatalog: a snapshot of the faces a FontCollection can use, indexed by family and cascade order.

import Foundation

/// The faces known to one `FontCollection`, gathered once: bundled faces (with coverage) and, if
/// enabled, the system's TrueType/OpenType faces from fontconfig. A collection keeps two: one of
/// its bundled faces alone, made first, and the whole one, made only when a lookup needs the
/// system's faces (``FontCollection/bundledCatalog``).
struct FontCatalog: Sendable {
    /// The bundled families searched for fallback, in this order, before any other bundled family.
    static let cascadeOrder = [
        "DejaVu Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
        "Noto Sans Thai", "Droid Sans Fallback", "NanumGothic", "Noto Color Emoji", "DejaVu Serif", "DejaVu Sans Mono",
    ]

    /// Bundled families never used for fallback, only when asked for by name. Inter is bundled as
    /// the variable font; DejaVu Sans already covers its Latin, Greek and Cyrillic, and its
    /// private-use code points (U+E000…U+EE05) are Inter's own symbols, which must not stand in for
    /// another font's private-use characters.
    static let excludedFromCascade: Set<String> = ["inter"]

    /// Faces of the bundled directory.
    let bundled: [FaceDescriptor]
    /// Faces fontconfig lists on the system (empty when system fonts are excluded).
    let system: [FaceDescriptor]
    /// Lower-cased family name → faces with that name (bundled first, then system).
    let byFamily: [String: [FaceDescriptor]]
    /// ``matchKey(_:)`` of a family name → faces with that name (bundled first, then system):
    /// the index ``FontCollection/font(matching:strict:)`` searches, as fontconfig compares names.
    let byMatchKey: [String: [FaceDescriptor]]
    /// Bundled faces grouped by family, in cascade order.
    let cascade: [[FaceDescriptor]]
    /// Every family name, sorted and unique.
    let familyNames: [String]
    /// Lower-cased PostScript name → faces with that name (bundled first, then system).
    let byPostScriptName: [String: [FaceDescriptor]]
    /// ``matchKey(_:)`` of a full name (`DejaVu Sans Bold`) → faces with that name.
    let byFullName: [String: [FaceDescriptor]]

    /// The catalog's face `faceIndex` of the file at `path`, bundled (and registered) faces first.
    func face(path: String, faceIndex: Int) -> FaceDescriptor? {
        bundled.first { $0.path == path && $0.faceIndex == faceIndex }
            ?? system.first { $0.path == path && $0.faceIndex == faceIndex }
    }

    /// A family name as fontconfig compares it (`FcStrCmpIgnoreBlanksAndCase`): lower-cased,
    /// spaces removed, so `dejavusans` names `DejaVu Sans`.
    static func matchKey(_ family: String) -> String {
        String(family.lowercased().filter { $0 != " " })
    }

    /// Whether `name` (a file name or path) is a font file's: its last component's extension is
    /// .ttf, .otf, .ttc or .otc, in any case, as `NSString.pathExtension` reads it (a name starting
    /// with its only dot has none). Plain string work: `NSString`'s path methods cost about 40 000
    /// instructions a call at start-up.
    static func isFontFile(_ name: String) -> Bool {
        guard let component = name.split(separator: "/").last, let dot = component.lastIndex(of: "."),
            dot != component.startIndex
        else { return false }
        return ["ttf", "otf", "ttc", "otc"].contains(component[component.index(after: dot)...].lowercased())
    }

    /// The faces of the font files (``isFontFile(_:)``) in `directory`, in file-name order: from
    /// the folder's index (``BundledFontIndex``, Fonts/font-index.txt) when it lists exactly the
    /// folder's files, which needs no fontconfig at all; else from fontconfig's cache of the
    /// directory, which opens no font file once written (a start-up cost of about a millisecond a
    /// file otherwise), else by querying each file.
    static func bundledFaces(in directory: String) -> [FaceDescriptor] {
        if let indexed = BundledFontIndex.faces(in: directory) { return indexed }
        return bundledFacesFromFontconfig(in: directory)
    }

    /// The faces of the font files in `directory` as fontconfig describes them (its directory
    /// cache, else a query of each file), ignoring any index.
    static func bundledFacesFromFontconfig(in directory: String) -> [FaceDescriptor] {
        if let cached = Fontconfig.queryDirectory(directory) {
            return cached.filter { isFontFile($0.path) }
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter(isFontFile).sorted().flatMap {
            Fontconfig.queryFile((directory as NSString).appendingPathComponent($0))
        }
    }

    /// Scans `bundledDirectory` (files ending .ttf, .otf, .ttc, .otc, in name order), then the
    /// `registered` files (``FontCollection/registerFonts(at:sanitization:)``, treated as bundled
    /// faces; a file that no longer sanitizes is left out) and, when
    /// `includeSystemFonts`, the system fonts; keeps only the faces `filter` accepts (a collection
    /// made from descriptors).
    init(
        bundledDirectory: String?, includeSystemFonts: Bool, registered: [RegisteredFontFile] = [],
        filter: (@Sendable (FaceDescriptor) -> Bool)? = nil
    ) {
        var bundled = bundledDirectory.map(FontCatalog.bundledFaces(in:)) ?? []
        for file in registered { bundled += (try? file.faces()) ?? [] }
        var system = includeSystemFonts ? Fontconfig.systemFaces() : []
        if let filter {
            bundled = bundled.filter(filter)
            system = system.filter(filter)
        }
        self.init(bundled: bundled, system: system)
    }

    /// A catalog of `bundled` faces (already filtered) and, when `includeSystemFonts`, the
    /// system's fonts that `filter` accepts: the whole catalog made from a bundled-only one,
    /// which scans the bundled directory only once.
    init(bundled: [FaceDescriptor], includeSystemFonts: Bool, filter: (@Sendable (FaceDescriptor) -> Bool)?) {
        var system = includeSystemFonts ? Fontconfig.systemFaces() : []
        if let filter { system = system.filter(filter) }
        self.init(bundled: bundled, system: system)
    }

    /// Indexes `bundled` then `system` faces.
    private init(bundled: [FaceDescriptor], system: [FaceDescriptor]) {
        self.bundled = bundled
        self.system = system

        var byFamily: [String: [FaceDescriptor]] = [:]
        var names = Set<String>()
        for face in bundled + system {
            var seen = Set<String>()
            for (family, lowercased) in zip(face.families, face.lowercasedFamilies)
            where seen.insert(lowercased).inserted {
                byFamily[lowercased, default: []].append(face)
                names.insert(family)
            }
        }
        self.byFamily = byFamily
        var byMatchKey: [String: [FaceDescriptor]] = [:]
        for face in bundled + system {
            for key in Set(face.families.map(FontCatalog.matchKey)) { byMatchKey[key, default: []].append(face) }
        }
        self.byMatchKey = byMatchKey
        var byPostScriptName: [String: [FaceDescriptor]] = [:]
        var byFullName: [String: [FaceDescriptor]] = [:]
        for face in bundled + system {
            if !face.postScriptName.isEmpty {
                byPostScriptName[face.postScriptName.lowercased(), default: []].append(face)
            }
            for key in Set(face.fullNames.map(FontCatalog.matchKey)) { byFullName[key, default: []].append(face) }
        }
        self.byPostScriptName = byPostScriptName
        self.byFullName = byFullName
        self.familyNames = names.sorted()

        var groups: [[FaceDescriptor]] = []
        var placed = Set<Int>()
        let primaryNames = bundled.map { $0.lowercasedFamilies[0] }
        let otherFamilies = Set(primaryNames).subtracting(FontCatalog.cascadeOrder.map { $0.lowercased() })
            .subtracting(FontCatalog.excludedFromCascade).sorted()
        for family in FontCatalog.cascadeOrder.map({ $0.lowercased() }) + otherFamilies {
            let members = bundled.indices.filter { primaryNames[$0] == family && !placed.contains($0) }
            guard !members.isEmpty else { continue }
            placed.formUnion(members)
            groups.append(members.map { bundled[$0] })
        }
        self.cascade = groups
    }
}
