import FolioGeometry

/// Shapes (see `ShapeMemo`): handing them out, and sharing a step's result between polygons
/// of one shape.
extension EvaluationState {
    /// A shape no polygon has yet.
    @inline(__always)
    mutating func newShape() -> Int32 {
        shapes &+= 1
        return shapes
    }

    /// Runs a step that may cut polygon `p`'s corners or make it invisible (a clip), or takes
    /// the result `memo` holds for its shape.
    @inline(__always)
    mutating func sharingResult(of p: Int, _ memo: inout ShapeMemo, _ step: (inout EvaluationState, Int) -> Void) {
        let shape = polys[p].shape
        if shape == memo.input {
            polys[p].start = memo.start
            polys[p].count = memo.count
            sharedCorners &+= Int(memo.count)
            polys[p].shape = memo.output
            flags[p] = flags[p].subtracting([.visible, .inFront]).union(memo.flags.intersection([.visible, .inFront]))
            return
        }
        let start = polys[p].start
        step(&self, p)
        memo.input = shape
        if polys[p].start != start { polys[p].shape = newShape() }
        memo.output = polys[p].shape
        memo.start = polys[p].start
        memo.count = polys[p].count
        memo.flags = flags[p]
    }
}
