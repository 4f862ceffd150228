// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package that uses Folio the way an app would: by path, through its products only, so it
// sees nothing but Folio's public API. The test command builds it and runs its tests:
// - TriFold: a custom effect (a three-panel brochure) written only against the public API;
// - ReadmeSnippets: README.md's Swift snippets, extracted verbatim at build time;
// - trifold-window: a small GLFW app with the brochure in one viewport of its own window;
// - pdf-pages: an app that reads a PDF with no step beyond `swift build` (it is its own worker);
// - book-glfw, book-sdl: docs/book-in-your-window.md's code, extracted verbatim at build time,
//   showing a book in a GLFW window and in an SDL2 window (CSDL2: Debian's libsdl2-dev);
// - ConsumerTests: Folio inside the app's own window, at offset viewports, with the app's
//   own texture, every README snippet run, README's Package.swift snippet built as a package,
//   and the guide's book turned by the pointer and read back.

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
        // A second window system beside GLFW, for the book examples: Debian's libsdl2-dev
        // (scripts/setup-debian). Found without pkg-config, whose `-D_REENTRANT` SwiftPM refuses
        // with a warning: the shim includes <SDL2/SDL.h> and the module map links SDL2.
        .systemLibrary(name: "CSDL2"),
        // What book-glfw and book-sdl share besides the guide's code: the scripted drag and the
        // readback check of their --frames runs.
        .target(name: "BookWindowCheck", dependencies: [product("FolioBook"), product("FolioRender")]),
        .executableTarget(name: "book-glfw", dependencies: ["BookWindowCheck", product("Folio"), product("CGLFW")],
                          plugins: ["ReadmeSnippetsPlugin"]),
        .executableTarget(name: "book-sdl", dependencies: ["BookWindowCheck", "CSDL2", product("Folio"), product("CGLFW")],
                          plugins: ["ReadmeSnippetsPlugin"]),
        .executableTarget(name: "pdf-pages", dependencies: [product("Folio")]),
        .testTarget(
            name: "ConsumerTests",
            dependencies: ["TriFold", "ReadmeSnippets", "BookWindowCheck", product("FolioTransitions"), product("FolioRender"),
                           product("FolioScene"), product("FolioBook"), product("Folio"), product("CGL"), product("CGLFW")],
            plugins: ["ReadmeSnippetsPlugin"]
        ),
    ]
)
