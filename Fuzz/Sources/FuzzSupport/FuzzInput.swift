// FuzzInput: reads libFuzzer's bytes as a stream of choices, counts and hostile numbers, so a
// harness is a small program that the bytes drive. Past the end every read gives zero, so any
// input, even an empty one, is a complete program.
import Foundation

/// A cursor over one fuzz input.
public struct FuzzInput {
    /// The input's bytes.
    public let bytes: [UInt8]
    /// The next byte to read.
    public private(set) var position = 0

    /// A cursor at the start of `size` bytes at `data`.
    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// A cursor at the start of `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next two bytes, little-endian.
    public mutating func uint16() -> UInt16 {
        UInt16(byte()) | UInt16(byte()) << 8
    }

    /// A number in `range` (from one byte when the range is small, else two).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span <= 256 ? Int(byte()) : Int(uint16())
        return range.lowerBound + raw % span
    }

    /// A coin flip.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices` (which must not be empty).
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...(choices.count - 1))]
    }

    /// The rest of the input.
    public mutating func remainingBytes() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }

    /// The values a hostile number is drawn from: zero and signed zero, the smallest magnitudes,
    /// everyday sizes, and (unless `GALLEY_FUZZ_MAX_MAGNITUDE` clamps them) finite-but-huge ones.
    public static let hostileValues: [CGFloat] = {
        let values: [CGFloat] = [
            0, -0.0, 1, -1, 0.5, 2, 12, 16, 40, 100, 250, -12, -100, 1e-3, -1e-3, 1e-300, -1e-300,
            CGFloat.leastNonzeroMagnitude, -CGFloat.leastNonzeroMagnitude, CGFloat.leastNormalMagnitude,
            1e4, -1e4, 1e6, -1e6, 1e9, -1e9, 1e15, 1e300, -1e300,
            CGFloat.greatestFiniteMagnitude, -CGFloat.greatestFiniteMagnitude,
            CGFloat.greatestFiniteMagnitude / 2, 3.5, 7.25,
        ]
        guard let limit = maximumMagnitude else { return values }
        return values.map { min(max($0, -limit), limit) }
    }()

    /// `GALLEY_FUZZ_MAX_MAGNITUDE`: when set, hostile numbers are clamped to ±that value.
    public static let maximumMagnitude: CGFloat? = {
        guard let text = ProcessInfo.processInfo.environment["GALLEY_FUZZ_MAX_MAGNITUDE"],
            let value = Double(text), value.isFinite, value > 0
        else { return nil }
        return CGFloat(value)
    }()

    /// A hostile number: one of ``hostileValues``, or a small everyday value made from a byte.
    public mutating func hostile() -> CGFloat {
        let selector = byte()
        if selector < 160 {
            return FuzzInput.hostileValues[Int(selector) % FuzzInput.hostileValues.count]
        }
        return CGFloat(Int(byte())) / 4 - 8
    }

    /// A length that is usually everyday (0…300) and sometimes hostile.
    public mutating func length() -> CGFloat {
        bool() ? CGFloat(int(in: 0...300)) : hostile()
    }
}

/// Prints what a harness does when `GALLEY_FUZZ_TRACE` is set, to turn a reproducer into a test.
public enum FuzzTrace {
    /// Whether tracing is on.
    public static let isOn = ProcessInfo.processInfo.environment["GALLEY_FUZZ_TRACE"] != nil

    /// Prints `message()` to standard error when tracing is on.
    public static func log(_ message: @autoclosure () -> String) {
        if isOn { FileHandle.standardError.write(Data(("trace: " + message() + "\n").utf8)) }
    }
}
