// Surfaces are placed with FolioGeometry's points, vectors and transforms: importing
// FolioSurface imports them too.
@_exported import FolioGeometry
