/// A random number generator that replays: the same seed gives the same numbers on every
/// machine (SplitMix64), so that a failing sequence can be run again from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An index below `count`, which must be positive.
    mutating func index(_ count: Int) -> Int {
        Int.random(in: 0..<count, using: &self)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        index(100) < percent
    }
}
