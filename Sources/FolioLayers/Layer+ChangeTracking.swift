import FolioGeometry

// Change tracking: how a renderer knows that a cached picture of a subtree (a rasterized
// layer, a snapshot used as another layer's contents) is out of date, without walking it.
//
// Every write to a property that changes what is drawn, and every change of a sublayer list,
// bumps counters; a write that stores an equal value bumps nothing. The properties fall in
// two groups:
//
// - **Content** — what the layer's subtree looks like in the layer's own coordinates:
//   `bounds`, `sublayerTransform`, `masksToBounds`, `contents`, `contentsRect`,
//   `backgroundColor`, `allowsGroupOpacity`, `rasterizationScale`, `cornerRadius`,
//   `borderWidth`, `borderColor`, a gradient layer's `colors`, `locations`, `startPoint` and
//   `endPoint`, the sublayer list, and `anchorPoint`/`anchorPointZ` while the
//   sublayer transform (which pivots on the anchor) is not the identity.
// - **Placement** — where and how that picture is composited into the superlayer:
//   `position`, `zPosition`, `transform`, `opacity`, `isHidden`, `isDoubleSided`,
//   `shouldRasterize`, and the anchor while the sublayer transform is the identity.
//
// A content change bumps the layer's `version` and `contentVersion`; a placement change bumps
// its `version` only. Either bumps the `contentVersion` of every ancestor, for whom anything
// below is content. The cost is one comparison per write plus one increment per ancestor
// (the tree is at most `Layer.maximumDepth` deep); reading is a load, and nothing allocates.
//
// Not tracked: the pixels behind a `ContentHandle`. A renderer that replaces the image of a
// handle must drop the cached pictures that show it (or the app gives the layer a new handle).

extension Layer {
    /// A number that changes whenever anything this layer draws changes, its own placement
    /// included: `version + contentVersion` (each only grows, so the sum changes with either).
    @inlinable public final var subtreeVersion: UInt64 { version &+ contentVersion }

    /// Records a change of a content property (see the file's notes).
    @inline(__always)
    final func contentDidChange() {
        version &+= 1
        contentVersion &+= 1
        ancestorsContentDidChange()
    }

    /// Records a change of a placement property.
    @inline(__always)
    final func placementDidChange() {
        version &+= 1
        ancestorsContentDidChange()
    }

    /// The anchor moves the picture (placement), and also the pivot of a non-identity sublayer
    /// transform, which moves the sublayers inside it (content).
    final func anchorDidChange() {
        if sublayerTransformIsIdentity { placementDidChange() } else { contentDidChange() }
    }

    /// Records a change of the sublayer list (a content change of this layer).
    final func sublayersDidChange() { contentDidChange() }

    /// Every ancestor's subtree changed.
    ///
    /// Walked through `parentLink` (unmanaged): a strong reference to each ancestor would be
    /// retained and released, which cost more than the increments (the tree keeps them alive).
    @inline(__always)
    final func ancestorsContentDidChange() {
        var link = parentLink
        while let ancestor = link {
            link = ancestor.withLayer { layer in
                layer.contentVersion &+= 1
                return layer.parentLink
            }
        }
    }

    /// Whether two matrices are the same bit for bit (unlike `same`, −0 and 0 differ, and a
    /// NaN matches the same NaN).
    @inline(__always)
    static func sameBits(_ a: Transform3D, _ b: Transform3D) -> Bool {
        a.m11.bitPattern == b.m11.bitPattern && a.m12.bitPattern == b.m12.bitPattern
            && a.m13.bitPattern == b.m13.bitPattern && a.m14.bitPattern == b.m14.bitPattern
            && a.m21.bitPattern == b.m21.bitPattern && a.m22.bitPattern == b.m22.bitPattern
            && a.m23.bitPattern == b.m23.bitPattern && a.m24.bitPattern == b.m24.bitPattern
            && a.m31.bitPattern == b.m31.bitPattern && a.m32.bitPattern == b.m32.bitPattern
            && a.m33.bitPattern == b.m33.bitPattern && a.m34.bitPattern == b.m34.bitPattern
            && a.m41.bitPattern == b.m41.bitPattern && a.m42.bitPattern == b.m42.bitPattern
            && a.m43.bitPattern == b.m43.bitPattern && a.m44.bitPattern == b.m44.bitPattern
    }

    /// Whether two matrices are equal, inlined (the derived `==` is a call from this module).
    @inline(__always)
    static func same(_ a: Transform3D, _ b: Transform3D) -> Bool {
        a.m11 == b.m11 && a.m12 == b.m12 && a.m13 == b.m13 && a.m14 == b.m14
            && a.m21 == b.m21 && a.m22 == b.m22 && a.m23 == b.m23 && a.m24 == b.m24
            && a.m31 == b.m31 && a.m32 == b.m32 && a.m33 == b.m33 && a.m34 == b.m34
            && a.m41 == b.m41 && a.m42 == b.m42 && a.m43 == b.m43 && a.m44 == b.m44
    }
}
