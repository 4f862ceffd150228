#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FolioGeometry

/// A transform held as its decomposition while animations of its parts
/// (`transform.rotation.z`, `transform.scale.x`, …) read and write them one at a time, then
/// recomposed once.
///
/// Rotation parts are Euler angles in radians with `R = Rx(α)·Ry(β)·Rz(γ)` in `Transform3D`'s
/// row-vector order (x acts first), each rotation as `Transform3D(rotationAngle:…)` makes it. A
/// matrix that cannot be decomposed (singular) starts from the identity's parts with its
/// translation. The decomposition is kept between part writes, so animating
/// `transform.scale` through 0 does not lose the rotation.
struct TransformParts {
    var parts = DecomposedTransform3D.identity
    var euler = Vector3.zero
    var rotationChanged = false
    var isLoaded = false

    mutating func load(_ m: Transform3D) {
        if let d = m.decomposed() {
            parts = d
        } else {
            parts = .identity
            parts.translation = Vector3(x: m.m41, y: m.m42, z: m.m43).isFinite ? Vector3(x: m.m41, y: m.m42, z: m.m43) : .zero
        }
        euler = Self.eulerAngles(parts.rotation)
        rotationChanged = false
        isLoaded = true
    }

    func value(_ key: AnimationKeyPath) -> Double {
        switch key {
        case .rotationX: euler.x
        case .rotationY: euler.y
        case .rotationZ: euler.z
        case .scale: (parts.scale.x + parts.scale.y + parts.scale.z) / 3
        case .scaleX: parts.scale.x
        case .scaleY: parts.scale.y
        case .scaleZ: parts.scale.z
        case .translationX: parts.translation.x
        case .translationY: parts.translation.y
        case .translationZ: parts.translation.z
        default: 0
        }
    }

    mutating func set(_ key: AnimationKeyPath, _ v: Double) {
        switch key {
        case .rotationX: euler.x = v; rotationChanged = true
        case .rotationY: euler.y = v; rotationChanged = true
        case .rotationZ: euler.z = v; rotationChanged = true
        case .scale: parts.scale = Vector3(x: v, y: v, z: v)
        case .scaleX: parts.scale.x = v
        case .scaleY: parts.scale.y = v
        case .scaleZ: parts.scale.z = v
        case .translationX: parts.translation.x = v
        case .translationY: parts.translation.y = v
        case .translationZ: parts.translation.z = v
        default: break
        }
    }

    var recomposed: Transform3D {
        var p = parts
        if rotationChanged {
            let m = Transform3D(rotationAngle: euler.x, x: 1, y: 0, z: 0)
                .concatenating(Transform3D(rotationAngle: euler.y, x: 0, y: 1, z: 0))
                .concatenating(Transform3D(rotationAngle: euler.z, x: 0, y: 0, z: 1))
            p.rotation = Quaternion(rotationRows: Vector3(x: m.m11, y: m.m12, z: m.m13),
                                    Vector3(x: m.m21, y: m.m22, z: m.m23), Vector3(x: m.m31, y: m.m32, z: m.m33))
        }
        return p.recomposed
    }

    /// Euler angles (α, β, γ) of `q` for `R = Rx(α)·Ry(β)·Rz(γ)`: with rows r, β = asin(−r₀.z),
    /// γ = atan2(r₀.y, r₀.x), α = atan2(r₁.z, r₂.z); at β = ±90° (gimbal lock) γ = 0 and
    /// α = atan2(−r₂.y, r₁.y).
    static func eulerAngles(_ q: Quaternion) -> Vector3 {
        let (r0, r1, r2) = q.rotationRows
        let beta = asin(max(-1, min(1, -r0.z)))
        if abs(r0.z) < 1 - 1e-12 {
            return Vector3(x: atan2(r1.z, r2.z), y: beta, z: atan2(r0.y, r0.x))
        }
        return Vector3(x: atan2(-r2.y, r1.y), y: beta, z: 0)
    }
}
