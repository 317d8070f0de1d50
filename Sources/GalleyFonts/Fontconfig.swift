// Fontconfig: every call GalleyFonts makes into fontconfig, serialized behind one lock.

import CFontconfig
import GalleySync

/// Access to fontconfig: the system font list, queries of bundled files, and coverage-sorted
/// fallback candidates. fontconfig is initialised lazily on first use (`FcInitLoadConfigAndFonts`)
/// and every call is made while holding one process-wide lock, so it is safe from any thread.
enum Fontconfig {
    /// Wraps the `FcConfig*` so it can live inside the lock.
    /// Invariant: only touched while `state` is locked.
    private struct Config: @unchecked Sendable {
        let pointer: OpaquePointer?
    }

    private static let state = Locked<Config?>(nil)

    /// Runs `body` with the loaded configuration (nil if fontconfig could not load one) while
    /// holding the fontconfig lock.
    private static func withConfig<T>(_ body: (OpaquePointer?) -> T) -> T {
        state.withLock { config in
            if config == nil {
                config = Config(pointer: FcInitLoadConfigAndFonts())
            }
            return body(config!.pointer)
        }
    }

    /// The object names Galley reads from patterns.
    private static func makeObjectSet() -> UnsafeMutablePointer<FcObjectSet>? {
        let set = FcObjectSetCreate()
        for object in [
            FC_FILE, FC_INDEX, FC_FAMILY, FC_WEIGHT, FC_SLANT, FC_WIDTH, FC_COLOR, FC_FONTFORMAT, FC_POSTSCRIPT_NAME,
            FC_FULLNAME, FC_STYLE, FC_LANG, FC_SPACING,
        ] {
            FcObjectSetAdd(set, object)
        }
        return set
    }

    /// Every TrueType/OpenType face fontconfig knows on this system.
    static func systemFaces() -> [FaceDescriptor] {
        withConfig { config -> [FaceDescriptor] in
            guard let config, let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            let objects = makeObjectSet()
            defer { FcObjectSetDestroy(objects) }
            guard let set = FcFontList(config, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(set) }
            return patterns(of: set).compactMap { descriptor(of: $0, isBundled: false, withCoverage: false) }
        }
    }

    /// The faces of one bundled font file (all faces of a collection), with their coverage.
    static func queryFile(_ path: String) -> [FaceDescriptor] {
        withConfig { _ -> [FaceDescriptor] in
            guard let set = FcFontSetCreate() else { return [] }
            defer { FcFontSetDestroy(set) }
            var count: Int32 = 0
            _ = path.withCString { file in
                file.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) {
                    FcFreeTypeQueryAll($0, UInt32.max, nil, &count, set)
                }
            }
            return patterns(of: set).compactMap { descriptor(of: $0, isBundled: true, withCoverage: true) }
        }
    }

    /// The faces of every font file directly in `directory` (a bundled fonts folder), with their
    /// coverage, from fontconfig's cache of that directory (`FcDirCacheRead`): fontconfig writes
    /// the cache on the first scan where it can (the user's cache directory) and checks it against
    /// the directory's modification time, so later starts open no font file at all. Sorted by file
    /// name, then face index. Nil when fontconfig has no configuration or cannot read the folder.
    static func queryDirectory(_ directory: String) -> [FaceDescriptor]? {
        withConfig { config -> [FaceDescriptor]? in
            guard let config else { return nil }
            let cache = directory.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: directory.utf8.count + 1) {
                    FcDirCacheRead($0, FcFalse, config)
                }
            }
            guard let cache else { return nil }
            defer { FcDirCacheUnload(cache) }
            guard let set = FcCacheCopySet(cache) else { return nil }
            defer { FcFontSetDestroy(set) }
            let faces = patterns(of: set).compactMap { descriptor(of: $0, isBundled: true, withCoverage: true) }
            return faces.sorted { ($0.path, $0.faceIndex) < ($1.path, $1.faceIndex) }
        }
    }

    /// Whether fontconfig lists the font file at `path` among the system's fonts (`FcFontList`
    /// with `FC_FILE` set to exactly that path).
    static func listsFile(_ path: String) -> Bool {
        withConfig { config -> Bool in
            guard let config, let pattern = FcPatternCreate() else { return false }
            defer { FcPatternDestroy(pattern) }
            _ = path.withCString {
                FcPatternAddString(pattern, FC_FILE, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
            }
            let objects = FcObjectSetCreate()
            defer { FcObjectSetDestroy(objects) }
            FcObjectSetAdd(objects, FC_FILE)
            guard let set = FcFontList(config, pattern, objects) else { return false }
            defer { FcFontSetDestroy(set) }
            return set.pointee.nfont > 0
        }
    }

    /// System faces whose character set contains `scalar`, best first by fontconfig's own sort
    /// (`FcFontSort`) for the given weight and italic; colour fonts first when `preferColor`.
    static func systemFaces(
        covering scalar: Unicode.Scalar, weight: Int, italic: Bool, preferColor: Bool, language: String? = nil
    ) -> [FaceDescriptor] {
        withConfig { config -> [FaceDescriptor] in
            guard let config, let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcCharSetDestroy(charset)
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
            FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
            if let language {
                _ = language.withCString {
                    FcPatternAddString(pattern, FC_LANG, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
                }
            }
            if preferColor {
                FcPatternAddBool(pattern, FC_COLOR, FcTrue)
                _ = "emoji".withCString {
                    FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
                }
            }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return [] }
            defer { FcFontSetDestroy(set) }
            let covering = patterns(of: set).filter { font in
                var fontCharset: OpaquePointer?
                return FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch
                    && FcCharSetHasChar(fontCharset, scalar.value) != 0
            }
            let faces = covering.compactMap { descriptor(of: $0, isBundled: false, withCoverage: false) }
            guard preferColor else { return faces }
            return faces.filter(\.isColor) + faces.filter { !$0.isColor }
        }
    }

    // MARK: Family matching

    /// fontconfig's weight (`FC_WEIGHT`: 80 regular, 200 bold) for a CSS / OpenType weight, by
    /// `FcWeightFromOpenTypeDouble`'s piecewise-linear map. A pure function: no lock needed.
    static func weight(fromOpenType weight: Int) -> Double {
        FcWeightFromOpenTypeDouble(Double(weight))
    }

    /// What fontconfig makes of a family name with a style (``match(family:weight:italic:width:)``).
    struct FamilyMatch: Sendable {
        /// The face `FcFontMatch` chose (the first TrueType/OpenType face of `FcFontSort` when
        /// that is another format); nil when fontconfig has no usable face at all.
        let face: FaceDescriptor?
        /// Whether a rule of fontconfig's configuration mentions the name (an alias), found by
        /// comparing the family list `FcConfigSubstitute` makes of it with the list it makes of
        /// a name nothing knows.
        let knowsName: Bool
        /// Whether fontconfig reached `face` only through a generic class the name is filed
        /// under (`Cantarell` under `system-ui`, `Comic Sans MS` under `cursive`, `Times` under
        /// `serif` when no metric-compatible face is installed) rather than through a rule for
        /// the name itself (`Times` → `Liberation Serif`, 30-metric-aliases.conf).
        var throughGenericClass = false
    }

    /// The generic classes fontconfig's stock rules file names under (45-latin.conf,
    /// 45-generic.conf), whose preferred lists (60-latin.conf, 60-generic.conf) follow a name's
    /// own aliases in its substituted family list.
    static let genericClasses = [
        "sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy", "emoji", "math",
    ]

    /// A name no font and no configuration knows, to tell alias rules from the defaults every
    /// name gets (49-sansserif.conf's `sans-serif`, and the generic lists after it).
    static let sentinelFamily = "Galley Sentinel Family 0f3c9a"

    /// Resolves `family` as `fc-match` does: a pattern with the family, weight (CSS scale,
    /// converted), slant (italic or roman) and width (percent), then `FcConfigSubstitute`
    /// (`FcMatchPattern`), `FcDefaultSubstitute` and `FcFontMatch`.
    static func match(family: String, weight: Int, italic: Bool, width: Double) -> FamilyMatch {
        withConfig { config -> FamilyMatch in
            guard let config else { return FamilyMatch(face: nil, knowsName: false) }
            func substituted(_ name: String) -> OpaquePointer? {
                guard let pattern = makePattern(family: name, weight: weight, italic: italic, width: width) else {
                    return nil
                }
                FcConfigSubstitute(config, pattern, FcMatchPattern)
                FcDefaultSubstitute(pattern)
                return pattern
            }
            guard let pattern = substituted(family) else { return FamilyMatch(face: nil, knowsName: false) }
            defer { FcPatternDestroy(pattern) }
            var knowsName = false
            let listed = families(of: pattern)
            if let sentinel = substituted(sentinelFamily) {
                let defaults = families(of: sentinel).map { $0 == sentinelFamily ? family : $0 }
                knowsName = listed != defaults
                FcPatternDestroy(sentinel)
            }
            var match = FamilyMatch(face: bestFace(config, pattern), knowsName: knowsName)
            if knowsName, let face = match.face {
                let heads = genericClasses.compactMap { name -> [String]? in
                    guard let generic = substituted(name) else { return nil }
                    defer { FcPatternDestroy(generic) }
                    return Array(families(of: generic).filter { $0 != name }.prefix(3))
                }
                match.throughGenericClass = reachedThroughClass(face, listed: listed, classHeads: heads)
            }
            return match
        }
    }

    /// Whether `face`'s family comes in `listed` (a name's substituted family list, the name
    /// first) only at or after the place where a generic class's preferred list begins (its
    /// first three families in a row), so no rule for the name itself put it there.
    static func reachedThroughClass(_ face: FaceDescriptor, listed: [String], classHeads: [[String]]) -> Bool {
        let lowered = listed.map { $0.lowercased() }
        let heads = classHeads.filter { !$0.isEmpty }.map { $0.map { $0.lowercased() } }
        let boundary =
            lowered.indices.first { index in
                heads.contains { head in lowered[index...].starts(with: head) }
            } ?? lowered.count
        let names = Set(face.lowercasedFamilies)
        guard let position = lowered.indices.dropFirst().first(where: { names.contains(lowered[$0]) }) else {
            return true
        }
        return position >= boundary
    }

    /// A pattern asking for `family` in a style; the caller destroys it.
    private static func makePattern(family: String, weight: Int, italic: Bool, width: Double) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        _ = family.withCString {
            FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddDouble(pattern, FC_WIDTH, width)
        return pattern
    }

    /// Every family value of `pattern`, in order.
    private static func families(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var n: Int32 = 0
        while let name = string(pattern, FC_FAMILY, n) {
            names.append(name)
            n += 1
        }
        return names
    }

    /// `FcFontMatch`'s face for a substituted pattern, or, when it is not a TrueType/OpenType face
    /// Galley can load (a Type 1 or bitmap font), the first such face in `FcFontSort`'s order.
    private static func bestFace(_ config: OpaquePointer, _ pattern: OpaquePointer) -> FaceDescriptor? {
        var result = FcResultNoMatch
        if let matched = FcFontMatch(config, pattern, &result) {
            defer { FcPatternDestroy(matched) }
            if let face = descriptor(of: matched, isBundled: false, withCoverage: false) { return face }
        }
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for font in patterns(of: set) {
            if let face = descriptor(of: font, isBundled: false, withCoverage: false) { return face }
        }
        return nil
    }

    // MARK: Pattern reading (called with the lock held)

    private static func patterns(of set: UnsafeMutablePointer<FcFontSet>) -> [OpaquePointer] {
        let count = Int(set.pointee.nfont)
        guard count > 0, let fonts = set.pointee.fonts else { return [] }
        return (0..<count).compactMap { fonts[$0] }
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func integer(_ pattern: OpaquePointer, _ object: String) -> Int32? {
        var value: Int32 = 0
        return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? value : nil
    }

    private static func double(_ pattern: OpaquePointer, _ object: String) -> Double? {
        var value: Double = 0
        if FcPatternGetDouble(pattern, object, 0, &value) == FcResultMatch { return value }
        return integer(pattern, object).map(Double.init)
    }

    /// A descriptor for a TrueType/OpenType face pattern; nil for other formats (Type 1, PCF, ...)
    /// and for named instances of variable fonts, which Galley does not load.
    private static func descriptor(of pattern: OpaquePointer, isBundled: Bool, withCoverage: Bool) -> FaceDescriptor? {
        guard let path = string(pattern, FC_FILE) else { return nil }
        let format = string(pattern, FC_FONTFORMAT)
        guard format == nil || format == "TrueType" || format == "CFF" else { return nil }
        let index = Int(integer(pattern, FC_INDEX) ?? 0)
        guard index >= 0, index < 0x10000 else { return nil }
        var families: [String] = []
        var n: Int32 = 0
        while let family = string(pattern, FC_FAMILY, n) {
            families.append(family)
            n += 1
        }
        guard !families.isEmpty else { return nil }
        let fcWeight = double(pattern, FC_WEIGHT) ?? Double(FC_WEIGHT_REGULAR)
        let slant = integer(pattern, FC_SLANT) ?? FC_SLANT_ROMAN
        let width = integer(pattern, FC_WIDTH) ?? FC_WIDTH_NORMAL
        let fcWidth = range(pattern, FC_WIDTH) ?? Double(width)...Double(width)
        var color: FcBool = FcFalse
        let isColor = FcPatternGetBool(pattern, FC_COLOR, 0, &color) == FcResultMatch && color != FcFalse
        var coverage: CoverageSet?
        if withCoverage {
            var charset: OpaquePointer?
            if FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset {
                coverage = coverageSet(of: charset)
            }
        }
        var face = FaceDescriptor(
            path: path, faceIndex: index, families: families,
            weight: Int(FcWeightToOpenTypeDouble(fcWeight).rounded()),
            isItalic: slant != FC_SLANT_ROMAN, width: Int(width), isColor: isColor,
            isBundled: isBundled, coverage: coverage,
            fcWeight: range(pattern, FC_WEIGHT) ?? fcWeight...fcWeight, slant: Int(slant), fcWidth: fcWidth)
        face.postScriptName = string(pattern, FC_POSTSCRIPT_NAME) ?? ""
        face.fullNames = strings(pattern, FC_FULLNAME)
        face.styles = strings(pattern, FC_STYLE)
        face.languages = languages(pattern)
        let spacing = integer(pattern, FC_SPACING) ?? FC_PROPORTIONAL
        face.isMonospaced = spacing == FC_MONO
        return face
    }

    /// Every string value of `object` in `pattern`, in order.
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        while let value = string(pattern, object, n) {
            values.append(value)
            n += 1
        }
        return values
    }

    /// The languages of the pattern's `FC_LANG` lang set, sorted.
    private static func languages(_ pattern: OpaquePointer) -> [String] {
        var langSet: OpaquePointer?
        guard FcPatternGetLangSet(pattern, FC_LANG, 0, &langSet) == FcResultMatch, let langSet,
            let set = FcLangSetGetLangs(langSet)
        else { return [] }
        defer { FcStrSetDestroy(set) }
        guard let list = FcStrListCreate(set) else { return [] }
        defer { FcStrListDone(list) }
        var languages: [String] = []
        while let value = FcStrListNext(list) { languages.append(String(cString: value)) }
        return languages.sorted()
    }

    /// The value of `object` as a range: one number `v` as `v...v`, or an `FcRange` (a variable
    /// face's axis span); nil when absent.
    private static func range(_ pattern: OpaquePointer, _ object: String) -> ClosedRange<Double>? {
        if let value = double(pattern, object) { return value.isNaN ? nil : value...value }
        var range: OpaquePointer?
        var begin: Double = 0
        var end: Double = 0
        guard FcPatternGetRange(pattern, object, 0, &range) == FcResultMatch, let range,
            FcRangeGetDouble(range, &begin, &end) != 0, begin <= end
        else { return nil }
        return begin...end
    }

    /// Converts an `FcCharSet` into sorted ranges by walking its 256-code-point pages, a run of
    /// set bits at a time (the bundled catalog's faces hold 100 000 code points between them, and
    /// this runs at start-up).
    private static func coverageSet(of charset: OpaquePointer) -> CoverageSet {
        var ranges: [ClosedRange<UInt32>] = []
        var map = [FcChar32](repeating: 0, count: Int(FC_CHARSET_MAP_SIZE))
        var next: FcChar32 = 0
        func add(_ first: UInt32, _ last: UInt32) {
            if let previous = ranges.last, previous.upperBound &+ 1 == first {
                ranges[ranges.count - 1] = previous.lowerBound...last
            } else {
                ranges.append(first...last)
            }
        }
        var base = map.withUnsafeMutableBufferPointer { FcCharSetFirstPage(charset, $0.baseAddress, &next) }
        while base != UInt32.max {
            for word in 0..<map.count where map[word] != 0 {
                var bits = map[word]
                let wordBase = base + UInt32(word * 32)
                while bits != 0 {
                    let start = UInt32(bits.trailingZeroBitCount)
                    // The ones from `start` up: the zeros of the complement.
                    let run = UInt32((~(bits >> start)).trailingZeroBitCount)
                    add(wordBase + start, wordBase + start + run - 1)
                    bits = start + run >= 32 ? 0 : bits & ~(((1 << run) - 1) << start)
                }
            }
            base = map.withUnsafeMutableBufferPointer { FcCharSetNextPage(charset, $0.baseAddress, &next) }
        }
        return CoverageSet(ranges: ranges)
    }
}
