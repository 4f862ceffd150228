// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package that uses Folio the way an app would: by path, through its products only, so it
// sees nothing but Folio's public API. The test command builds it and runs its tests:
// - TriFold: a custom effect (a three-panel brochure) written only against the public API;
// - ReadmeSnippets: README.md's Swift snippets, extracted verbatim at build time;
// - trifold-window: a small GLFW app with the brochure in one viewport of its own window;
// - ConsumerTests: Folio inside the app's own window, at offset viewports, with the app's
//   own texture, and every README snippet run.

// A path dependency's identity is its folder's name, which depends on where the repository
// was cloned: read it from this file's location.
let folio = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent.lowercased()

func product(_ name: String) -> Target.Dependency { .product(name: name, package: folio) }

let package = Package(
    name: "FolioConsumer",
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "TriFold", dependencies: [product("FolioTransitions")]),
        .executableTarget(name: "ExtractSnippets"),
        .plugin(name: "ReadmeSnippetsPlugin", capability: .buildTool(), dependencies: ["ExtractSnippets"]),
        .target(
            name: "ReadmeSnippets",
            dependencies: [product("FolioTransitions"), product("FolioBook"), product("FolioRender"), product("FolioScene"),
                           product("CGL"), product("CGLFW")],
            plugins: ["ReadmeSnippetsPlugin"]
        ),
        .executableTarget(name: "trifold-window", dependencies: ["TriFold", product("FolioTransitions"), product("FolioRender"), product("CGL"), product("CGLFW")]),
        .testTarget(
            name: "ConsumerTests",
            dependencies: ["TriFold", "ReadmeSnippets", product("FolioTransitions"), product("FolioRender"), product("FolioScene"),
                           product("FolioBook"), product("Folio"), product("CGL"), product("CGLFW")]
        ),
    ]
)
