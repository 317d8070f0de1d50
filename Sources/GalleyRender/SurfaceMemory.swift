// SurfaceMemory: the pixel memory behind bitmap GraphicsContexts, recycled. A context that ends
// hands its zeroed-on-reuse buffer to the next context of the same byte size instead of back to
// malloc, so a service that draws card after card writes into pages it already has (a fresh
// 3 MB buffer each time costs about as much in page faults as drawing the card's gradient).
import CCairo
import Foundation
import GalleySync

/// The key under which a recycled surface holds its buffer.
private nonisolated(unsafe) let surfaceMemoryKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// A buffer handed to cairo as a surface's user data.
private final class BufferBox {
    let buffer: SurfaceMemory.Buffer
    init(_ buffer: SurfaceMemory.Buffer) { self.buffer = buffer }
}

/// Page-aligned pixel buffers for cairo image surfaces, kept for reuse after their context ends:
/// a process-wide cache under ``GalleyMemory``'s budget (its ``GalleyMemory/Cache/canvasSurfaces``
/// share), least recently returned evicted first. Buffers are handed out cleared to zero.
final class SurfaceMemory: BudgetedCache, @unchecked Sendable {
    /// A buffer of `count` bytes at `base` (from `posix_memalign`). Unchecked: a buffer has one
    /// owner at a time (the pool, or the one surface drawing into it), handed over, never shared.
    struct Buffer: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let count: Int
    }

    /// The process-wide recycler.
    static let shared = SurfaceMemory()

    /// Kept buffers, oldest first, and the most bytes they may hold. Invariant: reached only
    /// through `state`'s lock; the buffers in it are owned by nobody else.
    private struct State {
        var kept: [Buffer] = []
        var bytes = 0
        var limit = 0
    }

    private let state = Locked(State())

    private init() {
        let limit = GalleyMemory.register(self, as: .canvasSurfaces)
        state.withLock { $0.limit = limit }
    }

    /// A transparent `width` × `height` ARGB32 image surface drawing into a recycled buffer, which
    /// comes back here when cairo destroys the surface (its last reference dropped); nil when
    /// memory is exhausted or cairo refuses the size.
    func imageSurface(width: Int, height: Int) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0, width > 0, height > 0, let buffer = take(stride * height) else { return nil }
        guard
            let surface = cairo_image_surface_create_for_data(
                buffer.base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                Int32(stride)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            give(buffer)
            return nil
        }
        let box = Unmanaged.passRetained(BufferBox(buffer)).toOpaque()
        let status = cairo_surface_set_user_data(surface, surfaceMemoryKey, box) { box in
            guard let box else { return }
            let buffer = Unmanaged<BufferBox>.fromOpaque(box).takeRetainedValue().buffer
            SurfaceMemory.shared.give(buffer)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            // Without the callback the buffer could be reused while cairo still draws into it:
            // end the surface first, then free the buffer.
            cairo_surface_destroy(surface)
            free(Unmanaged<BufferBox>.fromOpaque(box).takeRetainedValue().buffer.base)
            return nil
        }
        return surface
    }

    /// A zeroed buffer of `count` bytes: a kept one of that size cleared, or a new one (whose
    /// pages the kernel gives zeroed). Nil when memory is exhausted.
    func take(_ count: Int) -> Buffer? {
        let kept = state.withLock { s -> Buffer? in
            guard let i = s.kept.lastIndex(where: { $0.count == count }) else { return nil }
            s.bytes -= count
            return s.kept.remove(at: i)
        }
        if let kept {
            memset(kept.base, 0, count)
            return kept
        }
        var base: UnsafeMutableRawPointer?
        guard count > 0, posix_memalign(&base, 4096, count) == 0, let base else { return nil }
        // posix_memalign promises no zeroed memory (a small buffer may be reused heap).
        memset(base, 0, count)
        return Buffer(base: base, count: count)
    }

    /// Takes back `buffer` (its surface destroyed): kept when it fits the limit, the oldest kept
    /// buffers evicted to make room; freed otherwise.
    func give(_ buffer: Buffer) {
        let evicted = state.withLock { s -> [Buffer] in
            guard buffer.count <= s.limit else { return [buffer] }
            s.kept.append(buffer)
            s.bytes += buffer.count
            return Self.evict(&s, to: s.limit)
        }
        for b in evicted { free(b.base) }
    }

    private static func evict(_ s: inout State, to limit: Int) -> [Buffer] {
        var evicted: [Buffer] = []
        while s.bytes > limit, !s.kept.isEmpty {
            let b = s.kept.removeFirst()
            s.bytes -= b.count
            evicted.append(b)
        }
        return evicted
    }

    /// How many buffers of `count` bytes are kept (for tests).
    func keptBuffers(ofSize count: Int) -> Int { state.withLock { $0.kept.filter { $0.count == count }.count } }

    var accounted: (bytes: Int, entries: Int) { state.withLock { ($0.bytes, $0.kept.count) } }

    func setByteLimit(_ bytes: Int) {
        let evicted = state.withLock { s -> [Buffer] in
            s.limit = bytes
            return Self.evict(&s, to: bytes)
        }
        for b in evicted { free(b.base) }
    }

    func removeAll() {
        let all = state.withLock { s -> [Buffer] in
            defer { (s.kept, s.bytes) = ([], 0) }
            return s.kept
        }
        for b in all { free(b.base) }
    }
}
