// A transition is a layer tree (FolioLayers, and through it FolioGeometry) driven by
// FolioMotion's clock and springs (`InteractiveTransition`): importing FolioTransitions
// imports all three, so one import is enough to build, drive and evaluate an effect.
@_exported import FolioLayers
@_exported import FolioMotion
// The curl's types (`CurlTransition` takes a `PaperLight`-lit `SurfaceLayer` mesh, poses are
// `CurlPose`) come from FolioSurface.
@_exported import FolioSurface
