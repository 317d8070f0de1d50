// Tests of RunDelegate validation: metrics must be finite, not negative and at most 10⁹ points
// (a CTRunDelegate callback returning such values would give undefined layout).

import Foundation
import GalleyText
import Testing

@Suite("RunDelegate")
struct RunDelegateTests {
    @Test(
        arguments: [
            (CGFloat.nan, 1, 1, "width is NaN"),
            (1, .nan, 1, "ascent is NaN"),
            (1, 1, .nan, "descent is NaN"),
            (.infinity, 1, 1, "width is infinite"),
            (1, -.infinity, 1, "ascent is infinite"),
            (1, 1, .infinity, "descent is infinite"),
            (-1, 1, 1, "width -1.0 is negative"),
            (1, -0.5, 1, "ascent -0.5 is negative"),
            (1, 1, -2, "descent -2.0 is negative"),
            // Finite, but beyond LengthLimit: a line of such widths sums to infinity.
            (.greatestFiniteMagnitude, 1, 1, "width 1.7976931348623157e+308 is above 1e9 points"),
            (1, 1e10, 1, "ascent 10000000000.0 is above 1e9 points"),
        ] as [(CGFloat, CGFloat, CGFloat, String)])
    func invalidMetrics(width: CGFloat, ascent: CGFloat, descent: CGFloat, reason: String) {
        #expect(throws: AttributedTextError.invalidRunDelegate(reason)) {
            try RunDelegate(width: width, ascent: ascent, descent: descent)
        }
    }

    @Test(arguments: [(0, 0, 0), (100, 30, 0), (12.5, 10, 2.5), (1e9, 1e9, 1e9)] as [(CGFloat, CGFloat, CGFloat)])
    func validMetrics(width: CGFloat, ascent: CGFloat, descent: CGFloat) throws {
        let delegate = try RunDelegate(width: width, ascent: ascent, descent: descent, value: "img.ppm")
        #expect(delegate.width == width)
        #expect(delegate.ascent == ascent)
        #expect(delegate.descent == descent)
        #expect(delegate.value == "img.ppm")
    }
}
