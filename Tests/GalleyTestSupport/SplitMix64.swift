// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a
// deterministic generator for randomised tests, so that a failure names an input that can be rerun.

/// A seeded SplitMix64 generator: the same seed gives the same sequence on every run and machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state, advanced by the golden-ratio increment at each draw.
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
