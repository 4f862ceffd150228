import FolioBook
import FolioCLISupport
import FolioGeometry
import FolioLayers
import FolioTransitions

/// `folio bench --profile KIND`: runs one benchmark loop alone, for an instruction counter.
///
/// Wall times on a shared machine move by ±20% between runs; instruction counts do not. Under
/// `valgrind --tool=callgrind --toggle-collect='*profiledFrames*'` only the frames are counted
/// (set-up and warm-up are not), so the total divided by `--frames` is the cost of one frame.
extension Benchmarks {
    /// The loops `--profile` can run.
    package enum ProfileKind: String, CaseIterable {
        case fold, flip, curl, book, reference, tiles100 = "tiles-100", tiles10k = "tiles-10000"
        /// The presentation benchmark's trees (`PresentationBenchmark`): 10,000 layers still,
        /// each springing (one begin time), each springing on its own begin time.
        case presentationStill = "presentation-still", presentation, presentationStaggered = "presentation-staggered"
    }

    /// Builds the scene for `kind`, warms it up, then runs `frames` frames in `profiledFrames`.
    static func profile(_ kind: ProfileKind, frames: Int) throws {
        var failures = 0
        var p = 0.0
        func step() -> Double { p += 0.013; if p > 1 { p -= 1 }; return p }
        let frame: () -> Void
        switch kind {
        case .fold, .flip:
            let evaluator = LayerEvaluator()
            let transition: any Transition = kind == .fold
                ? try FoldTransition(size: Size(width: 320, height: 480), scale: 2)
                : try FlipTransition(size: Size(width: 320, height: 480), scale: 2)
            frame = { do { try transition.setProgress(step()) } catch { failures += 1 }; evaluator.evaluate(transition.root) }
        case .curl:
            // The leaf's pose and mesh are part of the frame, as they are of fold's and flip's.
            let evaluator = LayerEvaluator()
            let curl = try CurlTransition(size: Size(width: 320, height: 480), scale: 2)
            frame = { do { try curl.setProgress(step()) } catch { failures += 1 }; evaluator.evaluate(curl.root) }
        case .book:
            // A 1280×800 spread of 40 pages with one leaf in flight (its flip posed every frame).
            let book = try Book(pageCount: 40, configuration: BookConfiguration(viewSize: Size(width: 1280, height: 800), layout: .spread))
            let evaluator = LayerEvaluator()
            frame = {
                do { try book.setLeaves([BookLeaf(index: 6, progress: step())]) } catch { failures += 1 }
                evaluator.evaluate(book.root)
            }
        case .reference:
            let reference = try FoldReference(size: Size(width: 320, height: 480), scale: 2)
            frame = { reference.evaluate(progress: step()) }
        case .tiles100, .tiles10k:
            let (root, folds) = try tiles(kind == .tiles100 ? 100 : 10_000)
            let evaluator = LayerEvaluator()
            var n = 0
            frame = {
                n += 1
                for (i, f) in folds.enumerated() {
                    do { try f.setProgress(Double((i + n) % 100) / 100) } catch { failures += 1 }
                }
                evaluator.evaluate(root)
            }
        case .presentationStill:
            let root = try PresentationBenchmark.tree(10_000, animated: false)
            let evaluator = LayerEvaluator()
            frame = { evaluator.evaluate(root) }
        case .presentation, .presentationStaggered:
            let root = try PresentationBenchmark.tree(10_000, animated: true, staggered: kind == .presentationStaggered)
            let evaluator = LayerEvaluator()
            var t = 0.0
            frame = { t += 1.0 / 60; evaluator.evaluate(root, at: t) }
        }
        for _ in 0..<3 { frame() }
        profiledFrames(frames, frame)
        if failures > 0 { throw CommandFailure(message: "\(failures) profile steps were refused: a bug in the benchmark") }
    }

    /// The measured loop, a function of its own so that callgrind can count it alone.
    @inline(never)
    static func profiledFrames(_ frames: Int, _ frame: () -> Void) {
        for _ in 0..<frames { frame() }
    }
}
