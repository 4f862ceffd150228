// FolioLayers speaks in FolioGeometry's types (Rect, Point, Transform3D, …): importing
// FolioLayers imports them too, so `import FolioLayers` alone is enough to build a tree.
@_exported import FolioGeometry
