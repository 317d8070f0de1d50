// The per-glyph values of a glyph run (ids, positions, advances, string indices) as a zero-based
// collection over memory that its owner keeps: the runs of one line share one block for all
// four kinds of value (`LineGlyphBlock`), so building a line allocates once for its glyphs.

/// A run's glyph ids, positions, advances or string indices: a zero-based, random-access view of
/// the run's part of storage that its line's runs share (reading it copies nothing). Like the
/// buffers behind CTRunGetGlyphsPtr, CTRunGetPositionsPtr, CTRunGetAdvancesPtr and
/// CTRunGetStringIndicesPtr. `Array(values)` makes an array of it; an array literal makes one.
/// Like an array slice, it keeps the storage of its whole line alive while it is held.
public struct RunValues<Element: Sendable>: RandomAccessCollection, @unchecked Sendable {
    // (Unchecked: `base` points into `owner`, which no one writes once a view of it exists.)
    /// Glyph positions in the run, from 0.
    public typealias Index = Int
    /// `0..<count`.
    public typealias Indices = Range<Int>

    /// What keeps the values alive: a `LineGlyphBlock` or a `RunValueBuffer`.
    @usableFromInline let owner: AnyObject
    /// The first value, inside `owner`.
    @usableFromInline let base: UnsafePointer<Element>
    /// The number of values (one per glyph of the run).
    public let count: Int

    /// The `count` values at `base`, which `owner` keeps (shared, not copied).
    @inline(__always)
    init(owner: AnyObject, base: UnsafePointer<Element>, count: Int) {
        self.owner = owner
        self.base = base
        self.count = count
    }

    /// All of `elements` (copied into storage of their own).
    public init(_ elements: [Element]) {
        let buffer = RunValueBuffer.make(elements)
        self.init(owner: buffer, base: UnsafePointer(buffer.elements), count: elements.count)
    }

    /// Values `range` of this view (sharing its storage).
    @inline(__always)
    func part(_ range: Range<Int>) -> RunValues {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the values")
        return RunValues(owner: owner, base: base + range.lowerBound, count: range.count)
    }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// `count`.
    public var endIndex: Int { count }
    /// `0..<count`.
    public var indices: Range<Int> { 0..<count }

    /// The value of glyph `position` of the run (0-based).
    @inlinable
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "glyph index out of range")
        return withExtendedLifetime(owner) { base[position] }
    }

    /// Calls `body` with the values in contiguous memory (no copy).
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }
}

/// Storage of its own for the values of a `RunValues` made from an array.
final class RunValueBuffer<Element>: ManagedBuffer<Int, Element> {
    /// A buffer holding a copy of `elements` (its header is their count).
    static func make(_ elements: [Element]) -> RunValueBuffer {
        let buffer = unsafeDowncast(
            RunValueBuffer.create(minimumCapacity: elements.count) { _ in elements.count }, to: RunValueBuffer.self)
        buffer.withUnsafeMutablePointerToElements { target in
            elements.withUnsafeBufferPointer { source in
                if let start = source.baseAddress { target.initialize(from: start, count: source.count) }
            }
        }
        return buffer
    }

    /// The first element (valid while the buffer lives: the elements are stored in it).
    var elements: UnsafeMutablePointer<Element> { withUnsafeMutablePointerToElements { $0 } }

    deinit {
        _ = withUnsafeMutablePointers { count, elements in elements.deinitialize(count: count.pointee) }
    }
}

extension RunValues: Equatable where Element: Equatable {
    /// Equal when they hold equal values in the same order (wherever they are stored).
    public static func == (lhs: RunValues, rhs: RunValues) -> Bool { lhs.elementsEqual(rhs) }
}

extension RunValues: ExpressibleByArrayLiteral {
    /// Values in storage of their own.
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension RunValues: CustomStringConvertible {
    /// Like an array's description.
    public var description: String { Array(self).description }
}
