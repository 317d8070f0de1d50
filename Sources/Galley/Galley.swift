// The umbrella module: `import Galley` brings in every stage's public API.
@_exported import GalleyFonts
@_exported import GalleyLayout
@_exported import GalleyRender
@_exported import GalleyShaping
@_exported import GalleySync
@_exported import GalleyText
@_exported import GalleyUnicode
