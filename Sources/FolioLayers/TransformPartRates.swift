import FolioGeometry

/// How fast the parts of a transform move while animations of its parts (`transform.rotation.z`,
/// `transform.scale.x`, …) run: the rates of `TransformParts`' translation, scale and Euler
/// angles, per second. `Layer.presentationTransformVelocity` turns them into a
/// `TransformVelocity` (`velocity(at:carrying:)`), so that a whole-matrix change interrupting
/// a part animation starts at its speed.
struct TransformPartRates {
    var translation = Vector3.zero
    var scale = Vector3.zero
    var euler = Vector3.zero

    init(translation: Vector3 = .zero, scale: Vector3 = .zero, euler: Vector3 = .zero) {
        self.translation = translation; self.scale = scale; self.euler = euler
    }

    /// The rates of `parts` (just loaded) when the whole matrix moves at `velocity`: its
    /// translation and scale rates, and its angular velocity as Euler rates at the parts'
    /// angles (`eulerRates(euler:angular:)`; none at gimbal lock).
    init(parts: TransformParts, carrying velocity: TransformVelocity) {
        translation = velocity.translation
        scale = velocity.scale
        euler = velocity.angular == .zero ? .zero : Self.eulerRates(euler: parts.euler, angular: velocity.angular) ?? .zero
    }

    /// The rate of one part, as `TransformParts.value(_:)` reads the part (`transform.scale`:
    /// the mean of the three).
    func value(_ key: AnimationKeyPath) -> Double {
        switch key {
        case .rotationX: euler.x
        case .rotationY: euler.y
        case .rotationZ: euler.z
        case .scale: (scale.x + scale.y + scale.z) / 3
        case .scaleX: scale.x
        case .scaleY: scale.y
        case .scaleZ: scale.z
        case .translationX: translation.x
        case .translationY: translation.y
        case .translationZ: translation.z
        default: 0
        }
    }

    /// Sets the rate of one part, as `TransformParts.set(_:_:)` sets the part.
    mutating func set(_ key: AnimationKeyPath, _ v: Double) {
        switch key {
        case .rotationX: euler.x = v
        case .rotationY: euler.y = v
        case .rotationZ: euler.z = v
        case .scale: scale = Vector3(x: v, y: v, z: v)
        case .scaleX: scale.x = v
        case .scaleY: scale.y = v
        case .scaleZ: scale.z = v
        case .translationX: translation.x = v
        case .translationY: translation.y = v
        case .translationZ: translation.z = v
        default: break
        }
    }

    /// The velocity of `parts` moving at these rates, in the blend's space: translation and
    /// scale rates as they are, skew and perspective rates and, when no Euler angle moves, the
    /// angular velocity taken from `carried` (the whole matrix's velocity the parts were loaded
    /// with, whose turn `init(parts:carrying:)` put into the Euler rates, so a part animation
    /// that changes one rate keeps the others); otherwise the angular velocity of
    /// `R = Rx(α)·Ry(β)·Rz(γ)` moving at the Euler
    /// rates, exactly: R′ by the product rule, then the derivative of the quaternion extraction
    /// (`Quaternion(rotationRows:)`, the same branch), `ω = vec(2 q′ ⊗ q̄)`.
    func velocity(of parts: TransformParts, carrying carried: TransformVelocity) -> TransformVelocity {
        var v = carried
        v.translation = translation
        v.scale = scale
        if euler != .zero { v.angular = Self.angularVelocity(euler: parts.euler, rates: euler) }
        return v
    }

    /// The Euler rates at angles `e` that turn at angular velocity `omega`: the inverse of
    /// `angularVelocity(euler:rates:)`, which is linear in the rates (its matrix built from the
    /// three unit rates and inverted by Cramer's rule). Nil at gimbal lock (β = ±90°, where the
    /// Euler angles cannot follow every turn) and for a matrix that cannot be inverted.
    static func eulerRates(euler e: Vector3, angular omega: Vector3) -> Vector3? {
        let c0 = angularVelocity(euler: e, rates: Vector3(x: 1, y: 0, z: 0))
        let c1 = angularVelocity(euler: e, rates: Vector3(x: 0, y: 1, z: 0))
        let c2 = angularVelocity(euler: e, rates: Vector3(x: 0, y: 0, z: 1))
        // ω = c0·α′ + c1·β′ + c2·γ′: Cramer's rule on the columns.
        let det = c0.dot(c1.cross(c2))
        guard det.isFinite, abs(det) > 1e-9 else { return nil }
        return Vector3(x: omega.dot(c1.cross(c2)) / det, y: c0.dot(omega.cross(c2)) / det, z: c0.dot(c1.cross(omega)) / det)
    }

    /// The angular velocity (`TransformVelocity.angular`'s convention) of the Euler rotation at
    /// `e` moving at `rates`.
    static func angularVelocity(euler e: Vector3, rates: Vector3) -> Vector3 {
        func axis(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> (Transform3D, Transform3D) {
            let m = Transform3D(rotationAngle: angle, x: x, y: y, z: z)
            // d/dθ: sine → cosine, cosine → −sine, the axis's own 1 → 0.
            var d = Transform3D(rotationSine: Angle.cos(radians: angle), cosine: -Angle.sin(radians: angle), x: x, y: y, z: z)
            if x != 0 { d.m11 = 0 } else if y != 0 { d.m22 = 0 } else { d.m33 = 0 }
            return (m, d)
        }
        let (rx, dx) = axis(e.x, 1, 0, 0), (ry, dy) = axis(e.y, 0, 1, 0), (rz, dz) = axis(e.z, 0, 0, 1)
        let r = rx.concatenating(ry).concatenating(rz)
        let d1 = dx.concatenating(ry).concatenating(rz), d2 = rx.concatenating(dy).concatenating(rz)
        let d3 = rx.concatenating(ry).concatenating(dz)
        func row(_ m: Transform3D, _ i: Int) -> Vector3 {
            switch i {
            case 0: Vector3(x: m.m11, y: m.m12, z: m.m13)
            case 1: Vector3(x: m.m21, y: m.m22, z: m.m23)
            default: Vector3(x: m.m31, y: m.m32, z: m.m33)
            }
        }
        func rate(_ i: Int) -> Vector3 { row(d1, i) * rates.x + row(d2, i) * rates.y + row(d3, i) * rates.z }
        return angularVelocity(rows: row(r, 0), row(r, 1), row(r, 2), rates: rate(0), rate(1), rate(2))
    }

    /// The angular velocity (`TransformVelocity.angular`'s convention) of the rotation whose
    /// rows are `r0`, `r1`, `r2` when the rows move at `q0`, `q1`, `q2` per second: the
    /// derivative of the quaternion extraction (`Quaternion(rotationRows:)`, the same branch),
    /// `ω = vec(2 q′ ⊗ q̄)`.
    static func angularVelocity(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3,
                                rates q0: Vector3, _ q1: Vector3, _ q2: Vector3) -> Vector3 {
        let q = Quaternion(rotationRows: r0, r1, r2)
        // The branch `Quaternion(rotationRows:)` took, differentiated: s = 2√X, components N/s and s/4.
        let trace = r0.x + r1.y + r2.z
        let x: Double, dX: Double
        if trace > 0 { (x, dX) = (trace + 1, q0.x + q1.y + q2.z) }
        else if r0.x >= r1.y && r0.x >= r2.z { (x, dX) = (1 + r0.x - r1.y - r2.z, q0.x - q1.y - q2.z) }
        else if r1.y >= r2.z { (x, dX) = (1 - r0.x + r1.y - r2.z, -q0.x + q1.y - q2.z) }
        else { (x, dX) = (1 - r0.x - r1.y + r2.z, -q0.x - q1.y + q2.z) }
        guard x > 0 else { return .zero }
        let s = 2 * x.squareRoot(), ds = dX / x.squareRoot()
        func quotient(_ n: Double, _ dn: Double) -> Double { (dn * s - n * ds) / (s * s) }
        let dq: Quaternion
        if trace > 0 {
            dq = Quaternion(x: quotient(r2.y - r1.z, q2.y - q1.z), y: quotient(r0.z - r2.x, q0.z - q2.x),
                            z: quotient(r1.x - r0.y, q1.x - q0.y), w: ds / 4)
        } else if r0.x >= r1.y && r0.x >= r2.z {
            dq = Quaternion(x: ds / 4, y: quotient(r0.y + r1.x, q0.y + q1.x), z: quotient(r0.z + r2.x, q0.z + q2.x),
                            w: quotient(r2.y - r1.z, q2.y - q1.z))
        } else if r1.y >= r2.z {
            dq = Quaternion(x: quotient(r0.y + r1.x, q0.y + q1.x), y: ds / 4, z: quotient(r1.z + r2.y, q1.z + q2.y),
                            w: quotient(r0.z - r2.x, q0.z - q2.x))
        } else {
            dq = Quaternion(x: quotient(r0.z + r2.x, q0.z + q2.x), y: quotient(r1.z + r2.y, q1.z + q2.y), z: ds / 4,
                            w: quotient(r1.x - r0.y, q1.x - q0.y))
        }
        let omega = dq.multiplied(by: Quaternion(x: -q.x, y: -q.y, z: -q.z, w: q.w))
        return Vector3(x: 2 * omega.x, y: 2 * omega.y, z: 2 * omega.z)
    }
}
