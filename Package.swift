// swift-tools-version:6.0
import PackageDescription

// Data flows one way: transitions build layer trees → layers evaluate to quads → a renderer
// draws quads. The geometry modules (FolioGeometry, FolioLayers, FolioMotion, FolioTransitions)
// and FolioBook are pure Swift and never import GL.
/// The code of the tests that walk pixels (render, demo and tessellation tests and their support:
/// oracles that compare neighbourhoods and integrate coverage over hundreds of frames) is
/// compiled optimised even in a debug build, which made the slowest of them 10–50× faster; the
/// library under test stays a debug build. A flag on a test target never reaches a package that
/// depends on Folio: SwiftPM refuses unsafe flags only on targets inside products.
let optimisedTests: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Folio",
    products: [
        .library(name: "FolioGeometry", targets: ["FolioGeometry"]),
        .library(name: "FolioLayers", targets: ["FolioLayers"]),
        .library(name: "FolioScene", targets: ["FolioScene"]),
        .library(name: "FolioMotion", targets: ["FolioMotion"]),
        .library(name: "FolioSurface", targets: ["FolioSurface"]),
        .library(name: "FolioTransitions", targets: ["FolioTransitions"]),
        .library(name: "FolioBook", targets: ["FolioBook"]),
        .library(name: "FolioTessellation", targets: ["FolioTessellation"]),
        .library(name: "FolioRender", targets: ["FolioRender"]),
        // Everything above with one import (`import Folio`).
        .library(name: "Folio", targets: ["Folio"]),
        // The GL and GLFW bindings are products because an app that embeds FolioRender calls
        // GL and GLFW itself (its window, its textures, its framebuffers). GLEW, libpng and
        // libwebp stay private to the renderer: no public API mentions them.
        .library(name: "CGL", targets: ["CGL"]),
        .library(name: "CGLFW", targets: ["CGLFW"]),
        .executable(name: "folio", targets: ["folio"]),
        .executable(name: "folio-demo", targets: ["FolioDemo"]),
        .executable(name: "curl-aa-sweep", targets: ["CurlCoverageSweep"]),
        // ── Documents as page sources (issue #27) ──
        // FolioPDFEngine comes with it: an app that reads PDFs is its own PDF worker (started
        // again in the worker role), so a plain `swift build` of the app is the whole step.
        .library(name: "FolioDocument", targets: ["FolioDocument", "FolioPDFEngine"]),
        .executable(name: "folio-pdf-worker", targets: ["FolioPDFWorker"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (DocC); resolves offline like the parser.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .target(name: "FolioGeometry"),
        // Safe file I/O: inputs opened without blocking (regular files only, size-checked),
        // outputs written to a temporary file and renamed into place.
        .target(name: "FolioFiles"),
        // FolioLayers depends on FolioSurface for `SurfaceLayer` (a layer whose contents are deformed
        // by a mesh it owns); FolioSurface depends on FolioGeometry only.
        // FolioMotion: layers carry Core Animation's explicit and implicit animations (media
        // timing, timing curves and springs come from there; FolioMotion needs only FolioGeometry).
        .target(name: "FolioLayers", dependencies: ["FolioGeometry", "FolioSurface", "FolioMotion"]),
        .target(name: "FolioScene", dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioTransitions", "FolioFiles"]),
        .target(name: "FolioMotion", dependencies: ["FolioGeometry"]),
        // Curved, developable surfaces (the page curl): exact map, adaptive mesh, depth order, light.
        .target(name: "FolioSurface", dependencies: ["FolioGeometry"]),
        .target(name: "FolioTransitions", dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioSurface"]),
        // Books: page model, layouts, reading directions, leaves in flight, page cache, interaction.
        .target(name: "FolioBook", dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioSurface", "FolioTransitions"]),

        // System libraries from Debian (apt providers) for the renderer.
        .systemLibrary(name: "CGL", pkgConfig: "gl", providers: [.apt(["libgl-dev"])]),
        .systemLibrary(name: "CGLEW", pkgConfig: "glew", providers: [.apt(["libglew-dev"])]),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        // Headless contexts without an X server (Mesa's surfaceless platform).
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // libwebp's animation encoder (WebPAnimEncoder, in libwebpmux) for animated previews.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // GLX_MESA_copy_sub_buffer through GLFW's native access (issue 29: a damage-driven frame
        // presents only its damaged box). C, so that no Swift module imports Xlib's global names.
        .target(name: "CFolioGLX", linkerSettings: [.linkedLibrary("glfw"), .linkedLibrary("GL"), .linkedLibrary("X11"), .linkedLibrary("Xi")]),
        // Interposes malloc and friends to count allocations per thread (folio bench).
        .target(name: "CAllocationCounter"),
        .executableTarget(name: "EmbedShaders"),
        .plugin(name: "EmbedShadersPlugin", capability: .buildTool(), dependencies: ["EmbedShaders"]),
        // Evaluated quads to triangles without GL: tessellation, occlusion cuts, seam corners,
        // cast-shadow and bend-shadow geometry (`DrawList`). Package-internal: FolioRender (the
        // GL backend) and the tests use it; no product, no public API.
        .target(name: "FolioTessellation", dependencies: ["FolioGeometry", "FolioLayers", "FolioSurface"]),
        .target(
            name: "FolioRender",
            dependencies: ["FolioGeometry", "FolioLayers", "FolioSurface", "FolioTessellation", "FolioFiles", "CGL", "CGLEW", "CGLFW", "CEGL", "CPNG", "CWebP", "CFolioGLX"],
            plugins: ["EmbedShadersPlugin"]
        ),
        // What `folio`'s commands and its benchmarks both use, in one place: JSON output, the
        // one-line failure, a document read as a book (`DocumentBook`: `render --document`,
        // `sheet`, `bench --reader`), resident memory. Package-internal (`package` API, no product).
        .target(name: "FolioCLISupport", dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioBook", "FolioRender", "FolioDocument", "FolioFiles"]),
        // The measurements behind `folio bench`: evaluation, tiles, springs, allocations, the
        // book's memory, rendering and sharpness against floors, the window, the reader. What
        // each one measures and prints lives here; FolioCLI's BenchCommand parses the options and
        // calls in. No product: only `folio` and the tests use it.
        .target(
            name: "FolioBench",
            dependencies: [
                "FolioGeometry", "FolioLayers", "FolioMotion", "FolioTransitions", "FolioBook", "FolioRender", "FolioDocument",
                "FolioCLISupport", "CAllocationCounter",
            ]
        ),
        // The user-facing commands (geometry, evaluate, render, sheet, soak) and `bench`'s options.
        .target(
            name: "FolioCLI",
            dependencies: [
                "FolioGeometry", "FolioLayers", "FolioScene", "FolioSurface", "FolioTransitions", "FolioBook",
                "FolioRender", "FolioTessellation", "FolioFiles", "FolioDocument", "FolioCLISupport", "FolioBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "Folio", dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioSurface", "FolioTransitions", "FolioTessellation",
                                              "FolioBook", "FolioScene", "FolioRender", "FolioDocument", "FolioPDFEngine"]),
        // folio-pdf-worker is built next to folio: documents (bench --sharpness's text page) need it.
        .executableTarget(name: "folio", dependencies: ["FolioCLI", "FolioPDFWorker"]),
        // The interactive window (GLFW): drag, wheel and keys turn a FolioBook's pages.
        .executableTarget(
            name: "FolioDemo",
            dependencies: [
                "FolioGeometry", "FolioLayers", "FolioMotion", "FolioTransitions", "FolioBook", "FolioRender", "FolioFiles", "CGLFW",
                "CAllocationCounter", "FolioDocument", "FolioPDFEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/FolioDemo"
        ),
        // Measures the curl's antialiasing over a grid of poses (a tool, not a test; needs a display).
        .executableTarget(
            name: "CurlCoverageSweep",
            dependencies: [
                "FolioGeometry", "FolioTransitions", "FolioRender", "FolioTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/CurlCoverageSweep"
        ),

        // ── Documents as page sources (issue #27): PDF (poppler, in a worker process) and image
        // folders (libpng, libjpeg-turbo). FolioDocument is pure Swift API with no GL; poppler
        // runs only in worker processes. FolioPDFEngine is the worker (poppler, the sandbox,
        // the request loop): linked into `folio-pdf-worker`, and into any app through the
        // FolioDocument or Folio product, whose executable then serves as its own worker
        // (CFolioPDFEngineEntry runs it before `main`); it never reads a PDF in the reader's
        // process. CFolioWorkerRole lets FolioDocument ask whether the engine is linked.
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSeccomp", pkgConfig: "libseccomp", providers: [.apt(["libseccomp-dev"])]),
        // Resources/sample-book.pdf: the built-in book (scripts/make-builtin-book), found by `SampleBook`.
        .target(name: "CFolioWorkerRole"),
        .target(name: "FolioDocument", dependencies: ["FolioFiles", "CPNG", "CTurboJPEG", "CFolioWorkerRole"],
                resources: [.copy("Resources/sample-book.pdf")]),
        .target(name: "CFolioPDFEngineEntry"),
        .target(name: "FolioPDFEngine", dependencies: ["FolioDocument", "CPoppler", "CSeccomp", "CFolioPDFEngineEntry"]),
        // The worker as a binary of its own, with poppler's benchmark modes (`--bench`, `--riffle`,
        // `--first-page`); `folio` uses it (and so never links poppler itself).
        .executableTarget(name: "FolioPDFWorker", dependencies: ["FolioDocument", "FolioPDFEngine", "CPoppler"]),
        // Needs folio-pdf-worker built next to the test bundle (it is a dependency for that reason).
        // PDFs are written by hand in the tests, images through libpng and TurboJPEG; FolioBook
        // checks that pages feed a PageCache. Fixtures/encrypted.pdf: scripts/make-document-fixtures.
        // FolioPDFEngine: the test bundle can be its own worker too (WorkerRoleTests).
        .testTarget(name: "FolioDocumentTests", dependencies: ["FolioDocument", "FolioPDFWorker", "FolioPDFEngine", "CPNG", "CTurboJPEG", "FolioBook"],
                    exclude: ["Fixtures"]),
        // ── end of issue #27 ──

        // Seeded random numbers shared by the property and fuzz tests; the painter's-order oracle.
        .target(name: "FolioTestSupport", dependencies: ["FolioGeometry", "FolioLayers"], path: "Tests/FolioTestSupport",
                swiftSettings: optimisedTests),
        .testTarget(name: "FolioGeometryTests", dependencies: ["FolioGeometry", "FolioTestSupport"]),
        .testTarget(name: "FolioFilesTests", dependencies: ["FolioFiles"]),
        .testTarget(name: "FolioLayersTests", dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioTestSupport", "CAllocationCounter"]),
        .testTarget(name: "FolioSceneTests", dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioScene"]),
        .testTarget(name: "FolioMotionTests", dependencies: ["FolioGeometry", "FolioMotion"]),
        // Pictures of the mesh are written with FolioRender's PNG writer (no GL context is made).
        .testTarget(name: "FolioSurfaceTests", dependencies: ["FolioGeometry", "FolioSurface", "FolioRender", "FolioTestSupport"]),
        .testTarget(
            name: "FolioTransitionsTests",
            dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioSurface", "FolioTransitions", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioBookTests",
            dependencies: ["FolioGeometry", "FolioLayers", "FolioMotion", "FolioTransitions", "FolioBook", "FolioTestSupport"]
        ),
        .testTarget(name: "FolioCLITests", dependencies: ["FolioCLI", "FolioBench", "FolioCLISupport", "FolioDocument", "FolioTestSupport"]),
        // The tessellation's tests: Swift Testing, no GL context, no display.
        .testTarget(name: "FolioTessellationTests",
                    dependencies: ["FolioGeometry", "FolioLayers", "FolioSurface", "FolioTransitions", "FolioTessellation", "FolioTestSupport"],
                    swiftSettings: optimisedTests),
        // GL tests: XCTest (main thread, as GLFW requires); run under xvfb-run without a display.
        // Drives the real demo window with xdotool under Xvfb (needs the folio-demo product built).
        // FolioBook: the tests compute where the demo frames the book (`BookFraming`); CTurboJPEG
        // writes the JPEG scans a folder test opens.
        .testTarget(name: "FolioDemoTests", dependencies: ["FolioGeometry", "FolioTransitions", "FolioRender", "FolioDemo", "FolioBook", "FolioDocument", "CTurboJPEG", "FolioTestSupport"],
                    swiftSettings: optimisedTests),
        // Fixtures/Compositing: scenes with hand-computed colours (read from the source tree).
        .testTarget(name: "FolioRenderTests",
                    dependencies: ["FolioGeometry", "FolioLayers", "FolioScene", "FolioTransitions", "FolioBook", "FolioRender", "FolioCLI",
                                   "FolioBench", "FolioCLISupport", "FolioTessellation", "CWebP", "FolioTestSupport"],
                    exclude: ["Fixtures"], swiftSettings: optimisedTests),
    ]
)
