// FontBytes: a font file's bytes, read-only, either mapped from the file (shared with every other
// process that maps it, paged in only where FreeType and HarfBuzz read) or one private copy.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The bytes of one font file or in-memory font, at a fixed address for the object's whole life.
///
/// A trusted font file (bundled, a system font, or one the caller marked trusted) is mapped
/// read-only and shared (`mmap(PROT_READ, MAP_SHARED)`), not copied: a process that draws one
/// line with a 7 MB CJK font pages in the few kilobytes it reads, and every process mapping the
/// file shares those pages. Other bytes (a font made from memory, the sanitizer's output, a
/// decoded web font) are one private copy. HarfBuzz (`HB_MEMORY_MODE_READONLY`), the rasterizer's
/// and cairo's FreeType faces (`FT_New_Memory_Face`) all read these bytes in place, each holding a
/// reference so that the memory outlives every reader. Untrusted files are never mapped: they are
/// read into memory and sanitized, and only the sanitizer's output becomes a `FontBytes`.
///
/// Thread-safety invariant (why `@unchecked Sendable` is sound): the memory is never written after
/// `init` and is released only in `deinit`. As with any mapped file (FreeType's `FT_New_Face`
/// and fontconfig map fonts too), a trusted file truncated on disk while mapped makes a read of
/// the missing pages fault; replacing it (a new inode, as package managers do) is safe.
/// CoreText's equivalent is the `CFData` a `CGFont` holds (mapped by `CGDataProvider` for files).
package final class FontBytes: @unchecked Sendable, RandomAccessCollection {
    /// The first byte.
    package let base: UnsafeRawPointer
    /// The number of bytes.
    package let count: Int
    /// Whether ``base`` is a mapping of a file (unmapped in `deinit`) rather than an allocation.
    package let isMapped: Bool

    /// A private copy of `bytes` (at least one byte is allocated, so ``base`` is never null).
    package init(copying bytes: some Collection<UInt8>) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(1, bytes.count), alignment: 16)
        buffer.copyBytes(from: bytes)
        base = UnsafeRawPointer(buffer.baseAddress!)
        count = bytes.count
        isMapped = false
    }

    /// The file at `path` mapped read-only and shared, or nil when it cannot be opened or mapped
    /// (the caller then reports the file-system error) or is empty.
    package init?(mapping path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let length = Int(info.st_size)
        guard let address = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED else {
            return nil
        }
        base = UnsafeRawPointer(address)
        count = length
        isMapped = true
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), count)
        } else {
            base.deallocate()
        }
    }

    /// Runs `body` with the bytes.
    package func withUnsafeBytes<Result, E: Error>(
        _ body: (UnsafeRawBufferPointer) throws(E) -> Result
    ) throws(E) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The index of the first byte (0).
    package var startIndex: Int { 0 }
    /// One past the last byte's index (``count``).
    package var endIndex: Int { count }

    /// The byte at `position`, bounds-checked.
    package subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "FontBytes index out of range")
        return base.load(fromByteOffset: position, as: UInt8.self)
    }
}
