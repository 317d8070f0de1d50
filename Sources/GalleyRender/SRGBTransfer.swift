// The sRGB transfer function (IEC 61966-2-1) as lookup tables, for compositing in linear light.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Conversions between 8-bit sRGB-encoded values and linear light, through tables built once.
///
/// IEC 61966-2-1: decoding `v ≤ 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055)^2.4`, encoding
/// `l ≤ 0.0031308 ? 12.92 · l : 1.055 · l^(1/2.4) − 0.055`. `pow` runs only while building the
/// tables; per pixel, decoding is one table read and encoding a table read plus at most two
/// comparisons against the exact rounding thresholds, so encode(decode(b)) == b for every byte.
enum SRGBTransfer {
    /// The linear value of each 8-bit sRGB code.
    static let toLinear: [Float] = (0..<256).map { Float(decode(Double($0) / 255)) }

    /// `thresholds[k]`: the linear value halfway (in sRGB) between codes k and k + 1, i.e.
    /// decode((k + 0.5) / 255); a linear value below it encodes to at most k. 255 entries.
    static let thresholds: [Float] = (0..<255).map { Float(decode((Double($0) + 0.5) / 255)) }

    /// The number of steps of ``approximate``.
    static let steps = 4096

    /// A first guess of the code of linear value i / steps, corrected by ``encode(_:)``.
    static let approximate: [UInt8] = (0...steps).map {
        UInt8((encode(Double($0) / Double(steps)) * 255).rounded())
    }

    /// The exact transfer function, sRGB-encoded (0...1) to linear (0...1).
    static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// The exact inverse, linear (0...1) to sRGB-encoded (0...1).
    static func encode(_ l: Double) -> Double {
        l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
    }

    /// Table views for a compositing loop, so the tables are looked up once per loop, not per pixel.
    struct Tables {
        let toLinear: UnsafeBufferPointer<Float>
        let thresholds: UnsafeBufferPointer<Float>
        let approximate: UnsafeBufferPointer<UInt8>

        /// The linear value of an sRGB byte.
        @inline(__always)
        func linear(_ byte: UInt8) -> Float { toLinear[Int(byte)] }

        /// The sRGB byte nearest (in sRGB) to a linear value; clamped to 0...1 (NaN → 0).
        @inline(__always)
        func encode(_ linear: Float) -> UInt8 {
            let l = linear > 0 ? min(linear, 1) : 0
            var code = Int(approximate[Int(l * Float(SRGBTransfer.steps) + 0.5)])
            // The table is accurate to about one code; the thresholds make the result exact.
            while code < 255, l >= thresholds[code] { code += 1 }
            while code > 0, l < thresholds[code - 1] { code -= 1 }
            return UInt8(code)
        }
    }

    /// Calls `body` with views of the tables.
    static func withTables<R>(_ body: (Tables) -> R) -> R {
        toLinear.withUnsafeBufferPointer { lin in
            thresholds.withUnsafeBufferPointer { th in
                approximate.withUnsafeBufferPointer { ap in
                    body(Tables(toLinear: lin, thresholds: th, approximate: ap))
                }
            }
        }
    }

    /// The linear value of a colour channel given in sRGB 0...1 (exact, for per-run constants).
    static func linear(_ value: Double) -> Float {
        Float(decode(min(max(value.isFinite ? value : (value == .infinity ? 1 : 0), 0), 1)))
    }
}
