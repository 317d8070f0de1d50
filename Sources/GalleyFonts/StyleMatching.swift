// Ranks faces of one family against a requested weight and italic, following CSS font matching.

/// Orders candidate faces by how well they match a requested style, after CSS Fonts Level 4
/// §5.2 "font matching algorithm": width first (normal preferred), then italic, then weight.
struct StyleMatching {
    /// The requested weight (1...1000).
    let weight: Int
    /// The requested italic.
    let italic: Bool

    /// Sort key for `face`: smaller is better; ties keep bundled faces first, then listing order.
    func rank(_ face: FaceDescriptor) -> (Int, Int, Int, Int, Int) {
        let (weightGroup, weightDistance) = weightRank(face.weight)
        return (
            abs(face.width - 100), face.isItalic == italic ? 0 : 1, weightGroup, weightDistance,
            face.isBundled ? 0 : 1
        )
    }

    /// CSS weight rule: a desired weight in 400...500 tries heavier weights up to 500 first, then
    /// lighter ones, then heavier than 500; below 400 tries lighter first, then heavier; above 500
    /// tries heavier first, then lighter. Within a group, nearer is better.
    func weightRank(_ candidate: Int) -> (Int, Int) {
        let desired = weight
        if (400...500).contains(desired) {
            if candidate >= desired && candidate <= 500 { return (0, candidate - desired) }
            if candidate < desired { return (1, desired - candidate) }
            return (2, candidate - desired)
        } else if desired < 400 {
            return candidate <= desired ? (0, desired - candidate) : (1, candidate - desired)
        } else {
            return candidate >= desired ? (0, candidate - desired) : (1, desired - candidate)
        }
    }

    /// `faces` best first (a stable sort).
    func sorted(_ faces: [FaceDescriptor]) -> [FaceDescriptor] {
        faces.stablySorted { rank($0) < rank($1) }
    }
}

/// Orders the faces of one family as fontconfig's `FcFontMatch` does once the family is decided:
/// by slant distance, then weight distance, then width distance (fontconfig's matcher priorities
/// `PRI_SLANT`, `PRI_WEIGHT`, `PRI_WIDTH`), each measured on fontconfig's own scales (`FC_SLANT`
/// 0 / 100 / 110, `FC_WEIGHT` 0 … 215, `FC_WIDTH` percent) and between ranges for variable faces
/// (`FcCompareRange`: 0 when the requested value lies in the face's axis range). Ties keep bundled
/// faces first, then listing order.
///
/// This differs from CSS (``StyleMatching``): CSS matches width first and, for weights below 400,
/// looks lighter before heavier; fontconfig takes the nearest weight on its non-linear scale (CSS
/// 390 is nearer Book than ExtraLight there) and lets weight win over width.
struct FontconfigStyleMatching {
    /// The requested weight on fontconfig's scale.
    let weight: Double
    /// The requested slant: 100 (italic) or 0 (roman).
    let slant: Int
    /// The requested width, in percent.
    let width: Double

    /// The request for a CSS weight, italic and width.
    init(weight: Font.Weight, italic: Bool, width: Font.Width) {
        self.weight = Fontconfig.weight(fromOpenType: weight.rawValue)
        self.slant = italic ? 100 : 0
        self.width = width.rawValue
    }

    /// fontconfig's distance between a requested value and a face's value or range.
    static func distance(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        range.contains(value) ? 0 : min(abs(range.lowerBound - value), abs(range.upperBound - value))
    }

    /// Whether `face` would be given a synthetic style for this request, by the rules of
    /// fontconfig's 90-synthetic.conf: embolden when bold (`FC_WEIGHT_BOLD`) or heavier is asked
    /// of a face that is medium (`FC_WEIGHT_MEDIUM`) or lighter everywhere; slant when a slant is
    /// asked of a roman face.
    func needsSynthesis(_ face: FaceDescriptor) -> Bool {
        (weight >= 200 && face.fcWeight.upperBound <= 100)
            || (slant > 0 && face.slant == 0)
    }

    /// Sort key for `face`: smaller is better.
    func rank(_ face: FaceDescriptor) -> (Double, Double, Double, Int) {
        (
            Double(abs(face.slant - slant)), Self.distance(weight, face.fcWeight), Self.distance(width, face.fcWidth),
            face.isBundled ? 0 : 1
        )
    }

    /// `faces` best first (a stable sort).
    func sorted(_ faces: [FaceDescriptor]) -> [FaceDescriptor] {
        faces.stablySorted { rank($0) < rank($1) }
    }
}

extension Array where Element == FaceDescriptor {
    /// The faces ordered by `isBetter` (a strict order); faces neither better than the other keep
    /// their listing order.
    func stablySorted(by isBetter: (FaceDescriptor, FaceDescriptor) -> Bool) -> [FaceDescriptor] {
        enumerated()
            .sorted { a, b in
                if isBetter(a.element, b.element) { return true }
                if isBetter(b.element, a.element) { return false }
                return a.offset < b.offset
            }
            .map(\.element)
    }
}
