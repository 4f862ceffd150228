#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

// A whole-matrix animation's motion in the space it blends in, with its velocity: the CSS blend
// of two decompositions (every part linearly, the rotation by slerp) at a progress x moving at
// x′ per second, plus a hand-over term `K·g(t)` that carries a start velocity K (a
// `TransformVelocity`) and fades out. The rotation's hand-over is added to the slerped
// quaternion as the tangent `½(K_ω, 0) ⊗ q_a` and the sum is normalised: at t = 0 (g = 0, g′ = 1)
// the rotation is q_a turning at K_ω, and once g has faded it is the slerp's again.

extension TransformVelocity {
    /// The blend of `a` and `b` at progress `x` (moving at `dx` per second) plus `tangent`
    /// weighted by `g` (changing at `dg` per second), with the ends themselves moving at
    /// `startRate` and `endRate` (in their own decompositions' space; an end that follows a
    /// moving value): the matrix, its velocity, and the parts the matrix is recomposed from
    /// (which the velocity is the rate of).
    static func blend(_ a: DecomposedTransform3D, _ b: DecomposedTransform3D, at x: Double, rate dx: Double,
                      tangent k: TransformVelocity = .zero, weight g: Double = 0, weightRate dg: Double = 0,
                      startRate ka: TransformVelocity = .zero,
                      endRate kb: TransformVelocity = .zero) -> (matrix: Transform3D, velocity: TransformVelocity, parts: DecomposedTransform3D) {
        func mix(_ p: Vector3, _ q: Vector3, _ kp: Vector3, _ dp: Vector3, _ dq: Vector3) -> (Vector3, Vector3) {
            (p + (q - p) * x + kp * g, (q - p) * dx + kp * dg + dp * (1 - x) + dq * x)
        }
        let (scale, dScale) = mix(a.scale, b.scale, k.scale, ka.scale, kb.scale)
        let (skew, dSkew) = mix(Vector3(x: a.skewXY, y: a.skewXZ, z: a.skewYZ), Vector3(x: b.skewXY, y: b.skewXZ, z: b.skewYZ), k.skew,
                                ka.skew, kb.skew)
        let (translation, dTranslation) = mix(a.translation, b.translation, k.translation, ka.translation, kb.translation)
        let pa = a.perspective, pb = b.perspective, kp = k.perspective, ra = ka.perspective, rb = kb.perspective
        let perspective = Vector4(x: pa.x + (pb.x - pa.x) * x + kp.x * g, y: pa.y + (pb.y - pa.y) * x + kp.y * g,
                                  z: pa.z + (pb.z - pa.z) * x + kp.z * g, w: pa.w + (pb.w - pa.w) * x + kp.w * g)
        let dPerspective = Vector4(x: (pb.x - pa.x) * dx + kp.x * dg + ra.x * (1 - x) + rb.x * x,
                                   y: (pb.y - pa.y) * dx + kp.y * dg + ra.y * (1 - x) + rb.y * x,
                                   z: (pb.z - pa.z) * dx + kp.z * dg + ra.z * (1 - x) + rb.z * x,
                                   w: (pb.w - pa.w) * dx + kp.w * dg + ra.w * (1 - x) + rb.w * x)

        // The slerp as `Quaternion.slerp` writes it, and its derivative in x and in its ends
        // (each end turning as q′ = ½ (ω, 0) ⊗ q).
        let qa = a.rotation, qb = b.rotation
        let dqa = Quaternion(x: ka.angular.x, y: ka.angular.y, z: ka.angular.z, w: 0).multiplied(by: qa).scaled(by: 0.5)
        let dqb = Quaternion(x: kb.angular.x, y: kb.angular.y, z: kb.angular.z, w: 0).multiplied(by: qb).scaled(by: 0.5)
        var s = qa, ds = dqa
        let product = min(1, max(-1, qa.dot(qb)))
        if abs(product) != 1 {
            let theta = acos(product), sinTheta = (1 - product * product).squareRoot()
            let w = sin(x * theta) / sinTheta, c = cos(x * theta) - product * w
            // θ moves with the ends: p′ = qa′·qb + qa·qb′, θ′ = −p′/sin θ, (sin θ)′ = p·θ′.
            let dp = dqa.dot(qb) + qa.dot(dqb), dTheta = -dp / sinTheta
            let dw = theta * cos(x * theta) / sinTheta * dx
                + (x * cos(x * theta) * dTheta - w * product * dTheta) / sinTheta
            let dc = -(theta * dx + x * dTheta) * sin(x * theta) - product * dw - dp * w
            s = qa.scaled(by: c).adding(qb.scaled(by: w))
            ds = qa.scaled(by: dc).adding(qb.scaled(by: dw)).adding(dqa.scaled(by: c)).adding(dqb.scaled(by: w))
        } else if product == 1 {
            // Identical ends: the slerp is their linear mix to first order.
            ds = dqa.scaled(by: 1 - x).adding(dqb.scaled(by: x))
        }
        let handOver = Quaternion(x: k.angular.x, y: k.angular.y, z: k.angular.z, w: 0).multiplied(by: qa).scaled(by: 0.5)
        let dHandOver = Quaternion(x: k.angular.x, y: k.angular.y, z: k.angular.z, w: 0).multiplied(by: dqa).scaled(by: 0.5)
        let raw = s.adding(handOver.scaled(by: g)), dRaw = ds.adding(handOver.scaled(by: dg)).adding(dHandOver.scaled(by: g))
        let length = raw.dot(raw).squareRoot()
        var rotation = qa, dRotation = Quaternion(x: 0, y: 0, z: 0, w: 0)
        if length > 0 && length.isFinite {
            rotation = raw.scaled(by: 1 / length)
            dRotation = dRaw.adding(rotation.scaled(by: -rotation.dot(dRaw))).scaled(by: 1 / length)
        }
        // ω = vec(2 q′ ⊗ q̄).
        let omega = dRotation.multiplied(by: Quaternion(x: -rotation.x, y: -rotation.y, z: -rotation.z, w: rotation.w))
        let parts = DecomposedTransform3D(scale: scale, skewXY: skew.x, skewXZ: skew.y, skewYZ: skew.z, rotation: rotation,
                                          translation: translation, perspective: perspective)
        let velocity = TransformVelocity(translation: dTranslation, scale: dScale, skew: dSkew,
                                         angular: Vector3(x: 2 * omega.x, y: 2 * omega.y, z: 2 * omega.z), perspective: dPerspective)
        return (parts.recomposed, velocity, parts)
    }
}

extension Quaternion {
    /// Every component times `factor` (not a rotation in general).
    func scaled(by factor: Double) -> Quaternion { Quaternion(x: x * factor, y: y * factor, z: z * factor, w: w * factor) }

    /// The component-wise sum.
    func adding(_ q: Quaternion) -> Quaternion { Quaternion(x: x + q.x, y: y + q.y, z: z + q.z, w: w + q.w) }

    /// The Hamilton product `self ⊗ q`.
    func multiplied(by q: Quaternion) -> Quaternion {
        Quaternion(x: w * q.x + x * q.w + y * q.z - z * q.y,
                   y: w * q.y - x * q.z + y * q.w + z * q.x,
                   z: w * q.z + x * q.y - y * q.x + z * q.w,
                   w: w * q.w - x * q.x - y * q.y - z * q.z)
    }
}
