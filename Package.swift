// swift-tools-version:6.0
import PackageDescription

// Data flows one way: transitions build layer trees → layers evaluate to quads → a renderer
// draws quads. The geometry modules (FolioGeometry, FolioLayers, FolioMotion, FolioTransitions)
// are pure Swift and never import GL.
let package = Package(
    name: "Folio",
    products: [
        .library(name: "FolioGeometry", targets: ["FolioGeometry"]),
        .library(name: "FolioLayers", targets: ["FolioLayers"]),
        .library(name: "FolioScene", targets: ["FolioScene"]),
        .library(name: "FolioMotion", targets: ["FolioMotion"]),
        .library(name: "FolioTransitions", targets: ["FolioTransitions"]),
        .executable(name: "folio", targets: ["folio"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "FolioGeometry"),
        .target(name: "FolioLayers", dependencies: ["FolioGeometry"]),
        .target(name: "FolioScene", dependencies: ["FolioGeometry", "FolioLayers"]),
        .target(name: "FolioMotion"),
        .target(name: "FolioTransitions", dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion"]),
        .target(
            name: "FolioCLI",
            dependencies: [
                "FolioGeometry", "FolioLayers", "FolioScene", "FolioMotion", "FolioTransitions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "folio", dependencies: ["FolioCLI"]),

        .testTarget(name: "FolioGeometryTests", dependencies: ["FolioGeometry"]),
        .testTarget(name: "FolioLayersTests", dependencies: ["FolioGeometry", "FolioLayers"]),
        .testTarget(name: "FolioSceneTests", dependencies: ["FolioGeometry", "FolioLayers", "FolioScene"]),
        .testTarget(name: "FolioMotionTests", dependencies: ["FolioMotion"]),
        .testTarget(
            name: "FolioTransitionsTests",
            dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioTransitions"]
        ),
        .testTarget(name: "FolioCLITests", dependencies: ["FolioCLI"]),
    ]
)
