// The shared vocabulary (GalleyVocabulary: writing direction, frame progression, line axis,
// glyph and text orientation, line-break rules) is part of this module's API, so importing this
// module brings the words its types are declared with.
@_exported import GalleyVocabulary
