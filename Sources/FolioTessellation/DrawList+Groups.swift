import FolioGeometry
import FolioLayers

/// A compositing group's quads drawn as one picture: the renderer has drawn them into an
/// offscreen texture covering `box`, and the list draws that texture once in their place.
package struct CompositeSpan {
    /// The group's quads (indices into the evaluator's `quads`).
    package var quads: Range<Int>
    /// The picture's rectangle in viewport pixels (origin bottom-left), whole pixels.
    package var box: (x0: Int, y0: Int, x1: Int, y1: Int)
    /// The renderer's group pass that holds the picture.
    package var pass: Int32

    package init(quads: Range<Int>, box: (x0: Int, y0: Int, x1: Int, y1: Int), pass: Int32) {
        self.quads = quads
        self.box = box
        self.pass = pass
    }
}

extension DrawList {
    /// Appends the item that draws `span`'s picture: its pixel rectangle, no silhouette edges
    /// (the picture's own edges are antialiased already, and it is transparent along the
    /// margin), with local points in pixels from the rectangle's top-left corner so that the
    /// shader maps it onto the texture one texel per pixel.
    package mutating func appendComposite(_ span: CompositeSpan) {
        let (x0, y0, x1, y1) = (Double(span.box.x0), Double(span.box.y0), Double(span.box.x1), Double(span.box.y1))
        guard x1 > x0, y1 > y0 else { return }
        let start = corners.count
        func corner(_ x: Double, _ y: Double) -> Corner { Corner(x: x, y: y, w: 1, local: Point(x: x - x0, y: y1 - y), fades: false) }
        corners.append(corner(x0, y0))
        corners.append(corner(x1, y0))
        corners.append(corner(x1, y1))
        corners.append(corner(x0, y1))
        items.append(DrawItem(quadIndex: span.quads.lowerBound, corners: start..<corners.count, composite: span.pass))
    }

    /// The whole-pixel rectangle (viewport pixels, origin bottom-left) that holds everything
    /// polygons `range` of `frame` draw, antialiasing margins included, clipped to the
    /// viewport; nil when nothing of it is inside.
    package static func pictureBox(_ frame: Frame, _ range: Range<Int>, scale: Double,
                           width: Double, height: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let visible = range.lazy.filter { frame.polygons[$0].isVisible }
        return pictureBox(corners: visible.flatMap { frame.corners(of: frame.polygons[$0]) }, scale: scale, width: width, height: height)
    }

    /// `pictureBox` of the visible ones among corners `corners` (view points).
    package static func pictureBox<Corners: Sequence<QuadVertex>>(corners: Corners, scale: Double,
                                                                 width: Double, height: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for v in corners {
            let x = v.point.x * scale, y = height - v.point.y * scale
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        // The analytic margin reaches 1 px past a silhouette; one more for rounding.
        let margin = Self.margin + 1
        let x0 = max(0, (minX - margin).rounded(.down)), y0 = max(0, (minY - margin).rounded(.down))
        let x1 = min(width, (maxX + margin).rounded(.up)), y1 = min(height, (maxY + margin).rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        return (Int(x0), Int(y0), Int(x1), Int(y1))
    }

    /// Appends an item for each border in `borders` from `next` on that goes before quad
    /// `index` (`after < index`) and belongs to this list: its layer's polygon inside `range`
    /// and not inside one of `composites` (a group draws its own borders in its picture).
    package mutating func appendBorders(_ frame: Frame, _ borders: [Frame.Border], from next: inout Int, before index: Int,
                                range: Range<Int>?, composites: ArraySlice<CompositeSpan>) {
        while next < borders.count && borders[next].after < index {
            let b = borders[next]
            let k = next
            next += 1
            guard range?.contains(b.quad) ?? true, !Self.isInside(b.quad, composites) else { continue }
            appendClippedItem(DrawItem(quadIndex: b.quad, corners: 0..<0, border: Int32(k)), frame)
        }
    }

    /// Whether quad `index` lies in one of `composites` (sorted and disjoint): a binary search,
    /// since a frame may hold thousands of groups and as many borders (a scan per border was
    /// borders × groups).
    package static func isInside(_ index: Int, _ composites: ArraySlice<CompositeSpan>) -> Bool {
        var low = composites.startIndex, high = composites.endIndex
        // The first span that ends after `index`.
        while low < high {
            let mid = low + (high - low) / 2
            if composites[mid].quads.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        return low < composites.endIndex && composites[low].quads.contains(index)
    }
}
