// FontTables: raw SFNT tables of a loaded face through HarfBuzz, for the few fields Galley reads
// itself (post.italicAngle, post.isFixedPitch, OS/2 fsSelection, opbd).

import CHarfBuzz

extension FontFace {
    /// The bytes of table `name` (e.g. `"post"`), or nil when the face has none.
    func tableBytes(_ name: String) -> [UInt8]? {
        let tag = name.withCString { hb_tag_from_string($0, 4) }
        guard let blob = hb_face_reference_table(hbFace, tag) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    /// `post.italicAngle` in degrees (16.16 fixed; negative leans right), 0 without a `post` table.
    var italicAngle: Double {
        guard let post = tableBytes("post"), let raw = BigEndianBytes(bytes: post[...]).uint32(at: 4) else {
            return 0
        }
        return Double(Int32(bitPattern: raw)) / 65536
    }

    /// `post.isFixedPitch` is non-zero.
    var isFixedPitch: Bool {
        guard let post = tableBytes("post"), let raw = BigEndianBytes(bytes: post[...]).uint32(at: 12) else {
            return false
        }
        return raw != 0
    }

    /// `OS/2.fsSelection` BOLD (bit 5), else `head.macStyle` bold (bit 0).
    var isBoldStyled: Bool {
        if let os2 = tableBytes("OS/2"), let selection = BigEndianBytes(bytes: os2[...]).uint16(at: 62) {
            return selection & 0x20 != 0
        }
        guard let head = tableBytes("head"), let macStyle = BigEndianBytes(bytes: head[...]).uint16(at: 44) else {
            return false
        }
        return macStyle & 1 != 0
    }
}
