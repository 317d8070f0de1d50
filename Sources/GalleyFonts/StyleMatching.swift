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
        faces.enumerated()
            .sorted { a, b in
                let ra = rank(a.element), rb = rank(b.element)
                return ra != rb ? ra < rb : a.offset < b.offset
            }
            .map(\.element)
    }
}
