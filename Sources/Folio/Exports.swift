// The umbrella module for apps that want all of Folio with one import: geometry, layers,
// motion, surfaces, transitions, books, scenes, documents (PDF and scans), recorded frames and
// the OpenGL renderer.
@_exported import FolioGeometry
@_exported import FolioLayers
@_exported import FolioMotion
@_exported import FolioSurface
@_exported import FolioTransitions
@_exported import FolioBook
@_exported import FolioScene
@_exported import FolioTessellation
@_exported import FolioRender
@_exported import FolioDocument
