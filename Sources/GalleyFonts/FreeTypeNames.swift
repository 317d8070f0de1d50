// Validates a face with FreeType and reads its names: the one place GalleyFonts opens an FT_Face.

import CFreeType

/// The names and colour flag FreeType reports for one face.
struct FreeTypeNames {
    let postScriptName: String
    let familyName: String
    let styleName: String
    let hasColor: Bool

    /// Opens face `faceIndex` of `data` with a private `FT_Library` (one per call, so no state is
    /// shared between threads) and reads its names. Returns nil when FreeType rejects the data.
    static func read(data: FontBytes, faceIndex: Int) -> FreeTypeNames? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        return data.withUnsafeBytes { buffer -> FreeTypeNames? in
            var face: FT_Face?
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
                FT_New_Memory_Face(library, base, FT_Long(buffer.count), FT_Long(faceIndex), &face) == 0,
                let face
            else { return nil }
            defer { FT_Done_Face(face) }
            let postScript = FT_Get_Postscript_Name(face).map { String(cString: $0) }
            let family = face.pointee.family_name.map { String(cString: $0) }
            let style = face.pointee.style_name.map { String(cString: $0) }
            return FreeTypeNames(
                postScriptName: postScript ?? family ?? "",
                familyName: family ?? postScript ?? "",
                styleName: style ?? "Regular",
                hasColor: galley_ft_has_color(face) != 0)
        }
    }
}
