// GlyphID: the index of a glyph within one font face.

/// A glyph index within a font face: what `CGGlyph` is to CoreText, widened to 32 bits as in HarfBuzz.
public typealias GlyphID = UInt32
