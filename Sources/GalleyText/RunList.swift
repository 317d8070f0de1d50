// RunList: the attribute runs of a text as a list of (length, attributes) segments, with the
// splice and transform operations that the builder's edits reduce to. Internal.

/// Attribute runs stored as consecutive lengths. Invariant after every public operation: no
/// segment is empty and no two neighbours have equal attributes (runs are maximal).
struct RunList: Sendable, Hashable {
    /// One run: a length in UTF-16 code units and its attributes.
    struct Segment: Sendable, Hashable {
        var length: Int
        var attributes: Attributes
    }

    private(set) var segments: [Segment] = []

    /// No runs (an empty text).
    init() {}

    /// One run of `length` units, or none when `length` is 0.
    init(length: Int, attributes: Attributes) {
        if length > 0 {
            segments = [Segment(length: length, attributes: attributes)]
        }
    }

    /// The runs of an existing text.
    init(_ runs: [AttributeRun]) {
        segments = runs.map { Segment(length: $0.range.count, attributes: $0.attributes) }
        coalesce()
    }

    /// The total length.
    var length: Int { segments.reduce(0) { $0 + $1.length } }

    /// The runs with absolute ranges.
    var runs: [AttributeRun] {
        var start = 0
        return segments.map { segment in
            defer { start += segment.length }
            return AttributeRun(range: start..<(start + segment.length), attributes: segment.attributes)
        }
    }

    /// The attributes of the character at `index` (which must be inside the text).
    func attributes(at index: Int) -> Attributes {
        var start = 0
        for segment in segments {
            if index < start + segment.length {
                return segment.attributes
            }
            start += segment.length
        }
        return Attributes()
    }

    /// Replaces the runs over `range` by one run of `count` units with `attributes`
    /// (`count` 0 just deletes). `range` must lie within `0...length`.
    mutating func replace(_ range: Range<Int>, count: Int, attributes: Attributes) {
        let first = split(at: range.lowerBound)
        let end = split(at: range.upperBound)
        var replacement: [Segment] = []
        if count > 0 {
            replacement.append(Segment(length: count, attributes: attributes))
        }
        segments.replaceSubrange(first..<end, with: replacement)
        coalesce()
    }

    /// Appends `count` units with `attributes`, merging with the last run when equal.
    mutating func append(count: Int, attributes: Attributes) {
        guard count > 0 else { return }
        if let last = segments.last, last.attributes == attributes {
            segments[segments.count - 1].length += count
        } else {
            segments.append(Segment(length: count, attributes: attributes))
        }
    }

    /// Replaces the runs over `range` by the runs of `other` (whose length is inserted).
    mutating func replace(_ range: Range<Int>, with other: RunList) {
        let first = split(at: range.lowerBound)
        let end = split(at: range.upperBound)
        segments.replaceSubrange(first..<end, with: other.segments)
        coalesce()
    }

    /// Applies `transform` to the attributes over `range`, which must lie within `0...length`.
    mutating func transform(_ range: Range<Int>, _ transform: (Attributes) -> Attributes) {
        guard !range.isEmpty else { return }
        let first = split(at: range.lowerBound)
        let end = split(at: range.upperBound)
        for index in first..<end {
            segments[index].attributes = transform(segments[index].attributes)
        }
        coalesce()
    }

    /// The runs over `range`, which must lie within `0...length`.
    func slice(_ range: Range<Int>) -> RunList {
        var copy = self
        let first = copy.split(at: range.lowerBound)
        let end = copy.split(at: range.upperBound)
        var result = RunList()
        result.segments = Array(copy.segments[first..<end])
        return result
    }

    /// Makes `offset` a segment boundary and returns the index of the segment starting there
    /// (`segments.count` at the end).
    private mutating func split(at offset: Int) -> Int {
        var start = 0
        for index in segments.indices {
            if offset == start {
                return index
            }
            let end = start + segments[index].length
            if offset < end {
                let head = Segment(length: offset - start, attributes: segments[index].attributes)
                segments[index].length = end - offset
                segments.insert(head, at: index)
                return index + 1
            }
            start = end
        }
        return segments.count
    }

    /// Restores the invariant: drops empty segments and merges equal neighbours.
    private mutating func coalesce() {
        var merged: [Segment] = []
        merged.reserveCapacity(segments.count)
        for segment in segments where segment.length > 0 {
            if let last = merged.last, last.attributes == segment.attributes {
                merged[merged.count - 1].length += segment.length
            } else {
                merged.append(segment)
            }
        }
        segments = merged
    }
}
