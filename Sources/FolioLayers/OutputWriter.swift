/// The storage of the evaluator's two outputs, its corners (`vertices`) and its quads, opened
/// for the output pass to write in place.
///
/// The output pass (`EvaluationState.emitQuads`) writes every corner and quad of a frame.
/// Through `Array` each write would pay a uniqueness check and a bounds check; the writer holds
/// the arrays' storage for the length of one `open` call instead, so the pass writes plain
/// memory while the arrays stay uniquely held and keep their storage from frame to frame (a
/// steady scene allocates nothing). Like `EvaluationBuffer`, it checks indices only in debug
/// builds.
///
/// Every element it reaches is initialised (it is an element of the array), so writing one
/// replaces a value; a quad's `layer` reference is released and retained as with any
/// assignment.
struct OutputWriter {
    /// The first corner of the vertex array.
    private let vertices: UnsafeMutablePointer<QuadVertex>
    /// The number of corners in the vertex array: the corner indices the pass may write.
    let room: Int
    /// The first quad of the quad array.
    private let quads: UnsafeMutablePointer<Quad>
    /// The number of quads in the quad array (read by the debug builds' index checks only).
    private let quadCount: Int

    /// Runs `body` with a writer over `vertices` and `quads` as they stand (their counts are
    /// the room it has; `body` cannot resize them). `body` is not run should either array
    /// have no storage to point to.
    static func open(_ vertices: inout [QuadVertex], _ quads: inout [Quad], _ body: (OutputWriter) -> Void) {
        let room = vertices.count
        vertices.withUnsafeMutableBufferPointer { v in
            quads.withUnsafeMutableBufferPointer { q in
                guard let vertices = v.baseAddress, let quads = q.baseAddress else { return }
                body(OutputWriter(vertices: vertices, room: room, quads: quads, quadCount: q.count))
            }
        }
    }

    /// Corner `i` of the vertex array, `0 ..< room`, read and written in place.
    subscript(vertex i: Int) -> QuadVertex {
        unsafeAddress {
            assert(i >= 0 && i < room, "output corner index out of range")
            return UnsafePointer(vertices + i)
        }
        nonmutating unsafeMutableAddress {
            assert(i >= 0 && i < room, "output corner index out of range")
            return vertices + i
        }
    }

    /// Quad `i` of the quad array, read and written in place (a field written alone leaves the
    /// quad's other fields, and its layer reference, untouched).
    subscript(quad i: Int) -> Quad {
        unsafeAddress {
            assert(i >= 0 && i < quadCount, "output quad index out of range")
            return UnsafePointer(quads + i)
        }
        nonmutating unsafeMutableAddress {
            assert(i >= 0 && i < quadCount, "output quad index out of range")
            return quads + i
        }
    }
}
