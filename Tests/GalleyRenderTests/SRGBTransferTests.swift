import Testing

// Tests of the sRGB transfer tables against the IEC 61966-2-1 formulas.
@testable import GalleyRender

@Suite("sRGB transfer tables")
struct SRGBTransferTests {
    @Test("decoding every code matches the IEC 61966-2-1 formula")
    func decodeTable() {
        for code in 0...255 {
            let expected = TestSupport.linear(UInt8(code))
            #expect(abs(Double(SRGBTransfer.toLinear[code]) - expected) < 1e-6, "code \(code)")
        }
        // Spec anchors: code 0 → 0, 255 → 1, 188 → 0.5029 (the nearest code to linear 0.5).
        #expect(SRGBTransfer.toLinear[0] == 0)
        #expect(SRGBTransfer.toLinear[255] == 1)
    }

    @Test("encoding linear values gives the nearest code of the formula")
    func encodeTable() {
        SRGBTransfer.withTables { t in
            for code in 0...255 {
                // Exact round trip.
                #expect(t.encode(t.linear(UInt8(code))) == UInt8(code))
            }
            var mismatches = 0
            for i in 0...20_000 {
                let l = Double(i) / 20_000
                let expected = TestSupport.srgbByte(linear: l)
                let got = t.encode(Float(l))
                if got != expected {
                    // Only values within Float rounding of a half-code boundary may differ.
                    let boundary = TestSupport.linearToSRGB(l) * 255
                    #expect(abs(boundary - boundary.rounded(.down) - 0.5) < 1e-3, "l = \(l): \(got) vs \(expected)")
                    mismatches += 1
                }
            }
            #expect(mismatches < 5)
            // Out-of-range values clamp.
            #expect(t.encode(-1) == 0)
            #expect(t.encode(2) == 255)
            #expect(t.encode(.nan) == 0)  // as documented
        }
    }
}

@Suite("SVG number formatting")
struct SVGNumberTests {
    // Coordinates are written with at most 3 decimals, no trailing zeros, no "-0" (SVG 1.1 number syntax).
    @Test(
        "numbers",
        arguments: [
            (1.5, "1.5"), (-2.25, "-2.25"), (0.0004, "0"), (-0.0004, "0"), (10.05, "10.05"), (0.007, "0.007"),
            (-0.5, "-0.5"), (123456.0, "123456"), (2.0001, "2"), (1e20, "0"), (Double.nan, "0"),
        ])
    func number(_ value: Double, _ expected: String) {
        #expect(SVGWriter.number(value) == expected)
    }
}
