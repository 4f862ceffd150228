import FolioGeometry

/// Many springs evaluated together each frame, stored flat so the loop touches only the
/// numbers it needs (the 10,000-springs benchmark).
public struct SpringBatch: Sendable {
    private var motions: [SpringMotion]

    /// An empty batch with room for `capacity` springs.
    public init(capacity: Int = 0) {
        motions = []
        motions.reserveCapacity(capacity)
    }

    /// Number of springs.
    public var count: Int { motions.count }

    /// Adds a spring motion; returns its index.
    @discardableResult
    public mutating func append(_ motion: SpringMotion) -> Int {
        motions.append(motion)
        return motions.count - 1
    }

    /// Replaces spring `index` with a motion toward `target` that continues from its value and
    /// velocity at `time`.
    public mutating func retarget(_ index: Int, to target: Double, at time: Double) throws(MotionError) {
        motions[index] = try motions[index].retargeted(to: target, at: time)
    }

    /// Writes every spring's value at `time` into `output` (resized once if too small).
    public func evaluate(at time: Double, into output: inout [Double]) {
        if output.count < motions.count { output = Array(repeating: 0, count: motions.count) }
        motions.withUnsafeBufferPointer { springs in
            output.withUnsafeMutableBufferPointer { out in
                for i in springs.indices { out[i] = springs[i].value(at: time) }
            }
        }
    }
}
