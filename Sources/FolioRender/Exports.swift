// The renderer draws FolioLayers' evaluations (and takes its colours and content handles):
// importing FolioRender imports FolioLayers and FolioGeometry too.
@_exported import FolioLayers
// `QuadRenderer.light` is a `PaperLight` and surfaces draw `SurfaceLayer` meshes: importing
// FolioRender imports FolioSurface too.
@_exported import FolioSurface
