// The per-glyph values of a glyph run (ids, positions, advances, string indices) as a zero-based
// collection over a stretch of arrays the runs of one line share: building a line allocates one
// array of each kind for the whole line, not one per run.

/// A run's glyph ids, positions, advances or string indices: a zero-based, random-access view of
/// the run's part of storage that its line's runs share (reading it copies nothing). Like the
/// buffers behind CTRunGetGlyphsPtr, CTRunGetPositionsPtr, CTRunGetAdvancesPtr and
/// CTRunGetStringIndicesPtr. `Array(values)` makes an array of it; an array literal makes one.
/// Like an array slice, it keeps the storage of its whole line alive while it is held.
public struct RunValues<Element: Sendable>: RandomAccessCollection, Sendable {
    /// Glyph positions in the run, from 0.
    public typealias Index = Int
    /// `0..<count`.
    public typealias Indices = Range<Int>

    /// The shared storage and where the run's values start in it.
    @usableFromInline let storage: [Element]
    @usableFromInline let offset: Int
    /// The number of values (one per glyph of the run).
    public let count: Int

    /// The values `range` of `storage` (shared, not copied).
    @inline(__always)
    init(_ storage: [Element], range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= storage.count, "range outside the storage")
        self.storage = storage
        self.offset = range.lowerBound
        self.count = range.count
    }

    /// All of `elements`.
    public init(_ elements: [Element]) {
        self.storage = elements
        self.offset = 0
        self.count = elements.count
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
        return storage[offset &+ position]
    }

    /// Calls `body` with the values in contiguous memory (no copy).
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[offset..<(offset + count)]))
        }
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
