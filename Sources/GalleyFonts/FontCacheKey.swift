// FontCacheKey: a font as the caches key it without holding its face alive — the face's unique
// id and what changes glyphs and their positions.

import Foundation

/// What shaped glyphs, glyph images and fallback answers depend on in a ``Font``: its face (by
/// ``FontFace/id``, which no other face ever takes), size, synthetic traits and variation
/// instance. The cascade list, substitution and request do not change a glyph, so fonts that
/// differ only in them share entries. Holding a key does not keep the face alive.
package struct FontCacheKey: Hashable, Sendable {
    /// The face's ``FontFace/id``.
    package let faceID: UInt64
    /// The point size.
    package let size: CGFloat
    /// The synthesized styles.
    package let traits: Font.SyntheticTraits
    /// The variation instance (``Font/variations``).
    package let variations: [Font.Variation]
}

extension Font {
    /// This font as the caches key it (``FontCacheKey``).
    package var cacheKey: FontCacheKey {
        FontCacheKey(faceID: face.id, size: size, traits: syntheticTraits, variations: variations)
    }
}
