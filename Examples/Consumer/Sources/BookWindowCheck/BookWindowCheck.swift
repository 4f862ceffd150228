import Foundation
import FolioBook
import FolioRender

/// What the book examples (book-glfw, book-sdl) do in a `--frames N` run, so that the test
/// command can run them under Xvfb and know they worked: a drag scripted in window points that
/// turns the right-hand page over, and a check of the frame read back.
public enum BookWindowCheck {
    /// A pointer event of the scripted drag, in window points.
    public enum Pointer: Equatable {
        /// The button goes down at a point.
        case press(Point)
        /// The pointer moves to a point with the button down.
        case move(Point)
        /// The button comes up at a point.
        case release(Point)
    }

    /// A scripted run whose check failed, and why.
    public struct Failure: Error, CustomStringConvertible {
        /// What was wrong, in one line.
        public let reason: String
        /// Makes a failure saying `reason`.
        public init(reason: String) { self.reason = reason }
        /// The reason.
        public var description: String { reason }
    }

    /// The frames a scripted run needs: the drag takes frames 2…16.
    public static let minimumFrames = 20

    /// The pointer event of frame `frame` (0-based) of the drag, or nil: the button goes down
    /// near the bottom right corner of the book's view, the pointer sweeps to a quarter of the
    /// way across in 12 frames, and the button comes up there.
    public static func pointer(atFrame frame: Int, framing: BookFraming) -> Pointer? {
        let view = framing.viewSize, o = framing.origin
        let start = Point(x: o.x + view.width - 10, y: o.y + view.height * 0.8)
        let end = Point(x: o.x + view.width * 0.25, y: o.y + view.height * 0.7)
        switch frame {
        case 2: return .press(start)
        case 3...14:
            let t = Double(frame - 2) / 12
            return .move(Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        case 15: return .release(end)
        default: return nil
        }
    }

    /// The share of `image`'s pixels that are not `background` (any channel off by more than
    /// 2/255): the book's pixels in a snapshot of its framing.
    public static func coverage(of image: Image, background: Color) -> Double {
        let b = [background.red, background.green, background.blue].map { Int(($0 * 255).rounded()) }
        var covered = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                if abs(Int(p.r) - b[0]) > 2 || abs(Int(p.g) - b[1]) > 2 || abs(Int(p.b) - b[2]) > 2 { covered += 1 }
            }
        }
        return image.width * image.height > 0 ? Double(covered) / Double(image.width * image.height) : 0
    }

    /// Why a scripted run failed, or nil: the snapshot of the book's framing must be mostly book
    /// (the view fills at least `minimumCoverage` of it) and the drag must have committed a turn.
    public static func failure(snapshot: Image, background: Color, framing: BookFraming, committedTurns: Int) -> String? {
        let view = framing.viewSize.width * framing.viewSize.height
        let framed = (framing.viewSize.width + framing.overhang.horizontal) * (framing.viewSize.height + framing.overhang.vertical)
        let expected = 0.9 * view / framed
        let covered = coverage(of: snapshot, background: background)
        if covered < expected {
            return "the book covers \(Int(covered * 100))% of its framing's \(snapshot.width)x\(snapshot.height) pixels; expected at least \(Int(expected * 100))%"
        }
        if committedTurns < 1 { return "the scripted drag turned no page" }
        return nil
    }

    /// `--frames N` and `--screenshot FILE.png` from the command line; exits 64 with a usage
    /// line for anything else.
    public static func options(_ program: String) -> (frames: Int?, screenshot: String?) {
        var arguments = CommandLine.arguments.dropFirst()
        var frames: Int?, screenshot: String?
        while let argument = arguments.popFirst() {
            switch argument {
            case "--frames": frames = arguments.popFirst().flatMap(Int.init).map { max(minimumFrames, $0) }
            case "--screenshot": screenshot = arguments.popFirst()
            default:
                FileHandle.standardError.write(Data("usage: \(program) [--frames N (at least \(minimumFrames))] [--screenshot FILE.png]\n".utf8))
                exit(64)
            }
        }
        return (frames, screenshot)
    }
}
