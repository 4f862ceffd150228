// The renderer draws FolioLayers' evaluations (and takes its colours and content handles):
// importing FolioRender imports FolioLayers and FolioGeometry too.
@_exported import FolioLayers
