// RubyBases: the ruby bases of a paragraph (ranges carrying one RubyAnnotation), and the rule
// that a base and its ruby never break apart: no line-break opportunity inside a base.

import Foundation
import GalleyText
import GalleyUnicode

/// The ranges of text that carry a ruby annotation.
package enum RubyBases {
    /// Each base among a paragraph's attribute runs `runs` (in order, as
    /// ``ParagraphRuns/runs(of:in:)`` gives them): a maximal range of adjacent runs carrying the
    /// same annotation (two adjacent bases with distinct annotations stay two), with its annotation.
    static func bases(inRuns runs: [AttributeRun]) -> [(range: Range<Int>, annotation: RubyAnnotation)] {
        var result: [(range: Range<Int>, annotation: RubyAnnotation)] = []
        for run in runs {
            guard run.attributes.hasRubyAnnotation, let ruby = run.attributes.rubyAnnotation else { continue }
            if let last = result.last, last.annotation == ruby, last.range.upperBound == run.range.lowerBound {
                result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                result.append((run.range, ruby))
            }
        }
        return result
    }

    /// `breaks` without those strictly inside a ruby base (CSS Ruby 1 §3.2: a ruby base and its
    /// annotation are not broken across lines when the base is one unit; JLREQ §3.3.4: group
    /// ruby is not split). Mandatory breaks (a line separator inside a base) stay.
    static func removingBreaksInside(_ breaks: [LineBreakOpportunity], runs: [AttributeRun]) -> [LineBreakOpportunity] {
        let bases = bases(inRuns: runs)
        guard !bases.isEmpty else { return breaks }
        var index = 0
        return breaks.filter { opportunity in
            let offset = opportunity.offset
            while index < bases.count, bases[index].range.upperBound <= offset { index += 1 }
            guard index < bases.count, bases[index].range.lowerBound < offset else { return true }
            return opportunity.isMandatory
        }
    }
}
