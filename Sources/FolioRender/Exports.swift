// The renderer draws FolioLayers' evaluations (and takes its colours and content handles):
// importing FolioRender imports FolioLayers and FolioGeometry too.
@_exported import FolioLayers
// `QuadRenderer.light` is a `PaperLight` and surfaces draw `SurfaceLayer` meshes: importing
// FolioRender imports FolioSurface too.
@_exported import FolioSurface
// The triangles the renderer draws come from FolioTessellation, and `AntialiasingMode` lives
// there: importing FolioRender imports it too.
@_exported import FolioTessellation
