import Testing
import FolioGeometry
import FolioMotion
@testable import FolioLayers

/// What presenting an animated layer touches in memory (docs/animation.md, "What it costs"):
/// the presentation walks every animated layer three times a frame (apply, evaluate,
/// restore), so each cache line it reads beyond the evaluator's is paid three times over.
@Suite struct PresentationFootprintTests {
    /// The byte offset of a stored property in `layer`'s object.
    static func offset<T>(_ layer: Layer, _ field: UnsafeMutablePointer<T>) -> Int {
        UnsafeRawPointer(field) - UnsafeRawPointer(Unmanaged.passUnretained(layer).toOpaque())
    }

    /// The fields the presentation walk reads (the animated-layer count, the storage link) and
    /// the ones every setter writes (the change counters, the parent link for the walk up)
    /// lie in the object's first three cache lines (192 bytes), with the sibling link and
    /// flags the evaluator reads for every layer. They were at bytes 808–872, behind the four
    /// cached matrices: two more lines per animated layer and pass.
    @Test func theWalkAndChangeTrackingFieldsLieInTheLinesTheEvaluatorReads() {
        let layer = Layer(name: "tile", frame: Rect(x: 0, y: 0, width: 18, height: 18), backgroundColor: .white)
        var offsets: [String: Int] = [:]
        offsets["nextSibling"] = withUnsafeMutablePointer(to: &layer.nextSibling) { Self.offset(layer, $0) }
        offsets["transformIsIdentity"] = withUnsafeMutablePointer(to: &layer.transformIsIdentity) { Self.offset(layer, $0) }
        offsets["animatedLayerCount"] = withUnsafeMutablePointer(to: &layer.animatedLayerCount) { Self.offset(layer, $0) }
        offsets["animationStorageLink"] = withUnsafeMutablePointer(to: &layer.animationStorageLink) { Self.offset(layer, $0) }
        offsets["version"] = withUnsafeMutablePointer(to: &layer.version) { Self.offset(layer, $0) }
        offsets["contentVersion"] = withUnsafeMutablePointer(to: &layer.contentVersion) { Self.offset(layer, $0) }
        offsets["parentLink"] = withUnsafeMutablePointer(to: &layer.parentLink) { Self.offset(layer, $0) }
        offsets["isPresented"] = withUnsafeMutablePointer(to: &layer.isPresented) { Self.offset(layer, $0) }
        for (name, offset) in offsets {
            #expect(offset >= 16 && offset + 8 <= 192, "\(name) at byte \(offset)")
        }
    }

    /// What presenting a position or an opacity writes in the layer — the value, `version`,
    /// the kept transform's flag, the parent link for the walk up, and the kept list's
    /// `isPresented` — lies in 42 bytes from byte 16, so that it is one line of the object in
    /// half the layers and two in the rest (it lay over bytes 48–176 before: three lines).
    @Test func whatAPresentationWritesLiesInFortyTwoBytes() {
        let layer = Layer(name: "tile", frame: Rect(x: 0, y: 0, width: 18, height: 18), backgroundColor: .white)
        var spans: [String: Range<Int>] = [:]
        // `position` and `opacity` have observers (an inout access goes through a copy): found
        // by their values in the object's bytes instead.
        layer.position = Point(x: 1234.0625, y: -5678.125)
        layer.opacity = 0.123456789
        let object = UnsafeRawPointer(Unmanaged.passUnretained(layer).toOpaque())
        func offset(of value: Double) -> Int {
            (0..<64).first { object.load(fromByteOffset: $0 * 8, as: UInt64.self) == value.bitPattern }.map { $0 * 8 } ?? -1000
        }
        let x = offset(of: 1234.0625), y = offset(of: -5678.125)
        #expect(y == x + 8)
        spans["position"] = x ..< x + 16
        spans["opacity"] = offset(of: 0.123456789) ..< offset(of: 0.123456789) + 8
        spans["version"] = withUnsafeMutablePointer(to: &layer.version) { Self.offset(layer, $0) ..< Self.offset(layer, $0) + 8 }
        spans["parentLink"] = withUnsafeMutablePointer(to: &layer.parentLink) { Self.offset(layer, $0) ..< Self.offset(layer, $0) + 8 }
        spans["localTransformIsStale"] = withUnsafeMutablePointer(to: &layer.localTransformIsStale) { Self.offset(layer, $0) ..< Self.offset(layer, $0) + 1 }
        spans["isPresented"] = withUnsafeMutablePointer(to: &layer.isPresented) { Self.offset(layer, $0) ..< Self.offset(layer, $0) + 1 }
        for (name, span) in spans {
            #expect(span.lowerBound >= 16 && span.upperBound <= 58, "\(name) at bytes \(span)")
        }
    }

    /// What the track path reads of a layer's animation storage — its flags, the track table's
    /// pointers and counts, the saved numbers and their mask — ends within the object's first
    /// 128 bytes (two lines when the object starts on a line; the eight-lane vector of saved
    /// numbers after three 16-byte buffer pointers ended at byte 145).
    @Test func theTrackPathsStorageFieldsEndWithinTwoLines() throws {
        let layer = Layer(name: "tile", frame: Rect(x: 0, y: 0, width: 18, height: 18))
        try layer.add(.spring(.positionY, by: .number(3), spring: .bouncy, timing: try MediaTiming(duration: 10)), forKey: "drop")
        let storage = try #require(layer.animationStorage)
        let base = UnsafeRawPointer(Unmanaged.passUnretained(storage).toOpaque())
        let flags = withUnsafeMutablePointer(to: &storage.isPresenting) { UnsafeRawPointer($0) - base }
        let saved = withUnsafeMutablePointer(to: &storage.savedNumbers) { UnsafeRawPointer($0) - base }
        #expect(flags == 16, "the flags come first")
        #expect(saved + MemoryLayout<SavedNumbers>.size <= 128, "the saved numbers end at byte \(saved + MemoryLayout<SavedNumbers>.size)")
    }

    /// A number track's row is one cache line: 64 bytes, in a table aligned to 64, so that
    /// presenting a one-pass spring reads one line of it (the row that held the whole media
    /// timing, timing function and optional from/to/by was 184 bytes).
    @Test func aNumberTrackRowIsOneCacheLine() throws {
        #expect(MemoryLayout<NumberTrack>.stride == 64)
        let layer = Layer(name: "tile", frame: Rect(x: 0, y: 0, width: 18, height: 18))
        try layer.add(.spring(.positionY, by: .number(3), spring: .bouncy, timing: try MediaTiming(duration: 10)), forKey: "drop")
        try layer.add(.basic(.opacity, from: .number(0), to: .number(1), timing: try MediaTiming(duration: 1)), forKey: "fade")
        let storage = try #require(layer.animationStorage)
        #expect(storage.usesTracks && storage.tracks.rows.count == 2)
        let address = Int(bitPattern: storage.tracks.rows.baseAddress)   // 0 when there is no table
        #expect(address != 0 && address % 64 == 0)
    }

    /// A layer whose animations are all number tracks (a spring on `position.y`, a fade)
    /// presents through `savedNumbers` alone and keeps no buffers for the general path's saved
    /// values; a layer on the general path reserves them when the animation is added, so
    /// that presenting it allocates nothing either. Both come back to the model bit for bit.
    @Test func onlyTheGeneralPathReservesSavedValues() throws {
        let tracked = Layer(name: "tracked", frame: Rect(x: 10, y: 20, width: 30, height: 40), backgroundColor: .white)
        try tracked.add(.spring(.positionY, by: .number(40), spring: .bouncy, timing: try MediaTiming(duration: 2)), forKey: "drop")
        try tracked.add(.basic(.opacity, from: .number(0.2), to: .number(1), timing: try MediaTiming(duration: 1)), forKey: "fade")
        let general = Layer(name: "general", frame: Rect(x: 10, y: 20, width: 30, height: 40), backgroundColor: .white)
        try general.add(.spring(.positionY, by: .number(40), spring: .bouncy, timing: try MediaTiming(duration: 2)), forKey: "drop")
        try general.add(.basic(.rotationZ, from: .number(0), to: .number(1), timing: try MediaTiming(duration: 1)), forKey: "turn")
        let root = Layer(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 200), sublayers: [tracked, general])

        let t = try #require(tracked.animationStorage), g = try #require(general.animationStorage)
        #expect(t.usesTracks && !g.usesTracks)
        #expect(t.saved.capacity == 0 && t.savedTransforms.capacity == 0)
        #expect(g.saved.capacity >= 2 && g.savedTransforms.capacity >= 2)

        let modelY = tracked.position.y, modelTransform = general.transform
        var seen: (Double, Double, Double) = (0, 0, 0)
        root.withPresentation(at: 0.5) { seen = (tracked.position.y, tracked.opacity, general.position.y) }
        // The spring has moved part of the way, the fade is half-way (0.2 + 0.8 · 0.5).
        #expect(seen.0 != modelY && seen.2 == seen.0)
        #expect(abs(seen.1 - 0.6) < 1e-12)
        #expect(tracked.position.y.bitPattern == modelY.bitPattern && tracked.opacity == 1)
        #expect(Layer.sameBits(general.transform, modelTransform) && general.position.y.bitPattern == modelY.bitPattern)
        #expect(!t.isPresenting && !g.isPresenting && !t.presentsGeneral && !g.presentsGeneral)
        #expect(t.saved.capacity == 0 && t.savedTransforms.capacity == 0)
    }

    /// `count` 18-point tiles under a root, tile i springing on `position.y` by i % 7 + 3 from
    /// its own begin time and fading from 0.5 to 1 over 2 s.
    static func springingTiles(_ count: Int) throws -> (root: Layer, tiles: [Layer]) {
        var tiles: [Layer] = []
        for i in 0..<count {
            let tile = Layer(name: "tile \(i)", frame: Rect(x: Double(i % 10) * 20, y: Double(i / 10) * 20, width: 18, height: 18),
                             backgroundColor: .white)
            try tile.add(.spring(.positionY, by: .number(Double(i % 7) + 3), spring: .bouncy,
                                 timing: try MediaTiming(beginTime: -Double(i) * 0.01, duration: 10)), forKey: "drop")
            try tile.add(.basic(.opacity, from: .number(0.5), to: .number(1), timing: try MediaTiming(duration: 2)), forKey: "fade")
            tiles.append(tile)
        }
        return (Layer(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 400), sublayers: tiles), tiles)
    }

    /// What each tile shows at `time`, read inside a presentation of `root`, against what the
    /// tile presents on its own (`presentationValue`, which presents that one layer's storage).
    static func expectPresentsEachTile(_ root: Layer, _ tiles: [Layer], at time: Double) {
        var seen: [(Double, Double)] = []
        root.withPresentation(at: time) { seen = tiles.map { ($0.position.y, $0.opacity) } }
        for (tile, (y, opacity)) in zip(tiles, seen) {
            let alone = (tile.presentationValue(forKeyPath: .positionY, at: time).number ?? .nan,
                         tile.presentationValue(forKeyPath: .opacity, at: time).number ?? .nan)
            #expect(y.bitPattern == alone.0.bitPattern && opacity.bitPattern == alone.1.bitPattern, "\(tile.name) at \(time)")
        }
    }

    /// A root with many animated layers below it presents them down a kept list
    /// (`PresentationList`), and the list follows every change of the tree's animated layers:
    /// a tile removed (and freed), one added, one moved under another tile, one whose
    /// animations are all removed, one given its first. After each change every tile presents
    /// what it presents on its own, bit for bit, and the model comes back bit for bit.
    @Test func aKeptListPresentsWhatTheWalkPresentsThroughChangesOfTheTree() throws {
        let made = try Self.springingTiles(40)
        let root = made.root
        var tiles = made.tiles
        let models = tiles.map { ($0.position.y.bitPattern, $0.opacity.bitPattern) }
        Self.expectPresentsEachTile(root, tiles, at: 0.3)
        let list = try #require(root.presentationList, "40 animated layers: the root keeps a list")
        // What the list collected, not `isCurrent`: the epoch is process-wide, and tests running
        // alongside move it whenever they add an animation.
        #expect(list.counts.layers == 40)
        #expect(tiles[0].presentationList == nil, "a layer presented on its own keeps none")

        tiles.removeLast().removeFromSuperlayer()           // freed: only the list could still point at it
        #expect(!list.isCurrent)
        Self.expectPresentsEachTile(root, tiles, at: 0.4)
        let extra = try Self.springingTiles(1).tiles[0]
        try root.addSublayer(extra)
        tiles.append(extra)
        Self.expectPresentsEachTile(root, tiles, at: 0.5)
        try tiles[3].addSublayer(tiles[4])                  // moved one level down
        Self.expectPresentsEachTile(root, tiles, at: 0.6)
        tiles[5].removeAllAnimations()
        Self.expectPresentsEachTile(root, tiles, at: 0.7)
        try tiles[5].add(.basic(.opacity, from: .number(0), to: .number(1), timing: try MediaTiming(duration: 1)), forKey: "again")
        Self.expectPresentsEachTile(root, tiles, at: 0.8)
        #expect(root.presentationList === list && list.counts.layers == tiles.count)
        for (tile, model) in zip(tiles.prefix(5), models.prefix(5)) {
            #expect(tile.position.y.bitPattern == model.0 && tile.opacity.bitPattern == model.1, "\(tile.name)")
        }
    }

    /// A body that changes the tree's animated layers (removes one) makes the kept list out of
    /// date: the model is restored by the walk then, so every layer still in the tree gets its
    /// model back bit for bit, and the removed layer is never reached through the list.
    @Test func aBodyThatChangesTheTreeRestoresByTheWalk() throws {
        let (root, tiles) = try Self.springingTiles(30)
        let models = tiles.map { ($0.position.y.bitPattern, $0.opacity.bitPattern) }
        root.withPresentation(at: 0.25) {}
        root.withPresentation(at: 0.5) {
            #expect(tiles[7].position.y.bitPattern != models[7].0)
            tiles[29].removeFromSuperlayer()
        }
        #expect(root.presentationList?.isCurrent == false)
        for (tile, model) in zip(tiles.prefix(29), models) {
            #expect(tile.position.y.bitPattern == model.0 && tile.opacity.bitPattern == model.1, "\(tile.name)")
        }
    }

    /// A kept list copies the springs' unit responses of its layers side by side, each
    /// distinct one once: 40 tiles springing with one spring from staggered begin times share
    /// one entry (the responses depend on the spring alone), two springs alternating make two,
    /// and the layers still present what each presents on its own, bit for bit.
    @Test func aKeptListHoldsEachDistinctSpringOnce() throws {
        let (root, tiles) = try Self.springingTiles(40)
        Self.expectPresentsEachTile(root, tiles, at: 0.3)
        let list = try #require(root.presentationList)
        #expect(list.counts.layers == 40 && list.counts.springs == 1)

        let stiff = try Spring(mass: 1, stiffness: 300, damping: 20)
        for (i, tile) in tiles.enumerated() where i % 2 == 1 {
            try tile.add(.spring(.positionY, by: .number(5), spring: stiff, timing: try MediaTiming(beginTime: -Double(i) * 0.01, duration: 10)),
                         forKey: "drop")
        }
        Self.expectPresentsEachTile(root, tiles, at: 0.35)
        #expect(list.counts.layers == 40 && list.counts.springs == 2)
    }

    /// Changing the animations of a layer that stays animated — one more animation, one
    /// replaced under its key — changes no animated-layer count, and the kept list (which
    /// copied the rows) is rebuilt all the same: each tile presents what it presents alone.
    /// (Without the epoch moving when a track table is rebuilt, tile 3 kept presenting its old
    /// rows: its corner radius stayed the model's 0 against 2.5 alone.)
    @Test func aKeptListFollowsAChangeOfALayersAnimations() throws {
        let (root, tiles) = try Self.springingTiles(40)
        Self.expectPresentsEachTile(root, tiles, at: 0.3)
        try tiles[3].add(.basic(.cornerRadius, from: .number(0), to: .number(5), timing: try MediaTiming(duration: 1)), forKey: "round")
        try tiles[4].add(.spring(.positionY, by: .number(-30), spring: .snappy, timing: try MediaTiming(duration: 10)), forKey: "drop")
        Self.expectPresentsEachTile(root, tiles, at: 0.5)
        var radius = 0.0
        root.withPresentation(at: 0.5) { radius = tiles[3].cornerRadius }
        #expect(radius == 2.5 && tiles[3].cornerRadius == 0)
        #expect(radius.bitPattern == (tiles[3].presentationValue(forKeyPath: .cornerRadius, at: 0.5).number ?? .nan).bitPattern)
    }

    /// A body that removes every animation of a presented layer (its animated-layer count
    /// drops to 0, so the walk that restores after a change of the tree does not enter it)
    /// and one animation of another still gives both their model values back, bit for bit,
    /// and the first presents its model afterwards. (Before: the first kept its presented
    /// position, 3.28 points off the model here, and never presented again.)
    @Test func aBodyThatRemovesALayersAnimationsGivesItsModelBack() throws {
        let (root, tiles) = try Self.springingTiles(30)
        let models = tiles.map { ($0.position.y.bitPattern, $0.opacity.bitPattern) }
        root.withPresentation(at: 0.25) {}
        root.withPresentation(at: 0.5) {
            #expect(tiles[5].position.y.bitPattern != models[5].0)
            tiles[5].removeAllAnimations()
            tiles[6].removeAnimation(forKey: "fade")
        }
        for (tile, model) in zip(tiles, models) {
            #expect(tile.position.y.bitPattern == model.0 && tile.opacity.bitPattern == model.1, "\(tile.name)")
        }
        #expect(!tiles[5].isPresented && !tiles[6].isPresented)
        var seen = (0.0, 0.0)
        root.withPresentation(at: 0.6) { seen = (tiles[5].position.y, tiles[6].opacity) }
        #expect(seen.0.bitPattern == models[5].0 && seen.1 == 1)
    }

    /// Inside a presentation down a kept list, a layer reads as presented: its presentation
    /// value is what the layer shows (not its animations applied a second time over the
    /// presented value, which an animation `by` a distance would move twice as far), and a
    /// nested presentation of a subtree changes nothing and restores nothing.
    @Test func aNestedPresentationInsideAKeptListPresentsNothingMore() throws {
        let (root, tiles) = try Self.springingTiles(40)
        let modelY = tiles[9].position.y
        root.withPresentation(at: 0.4) {
            let shown = tiles[9].position.y
            #expect(shown != modelY && tiles[9].isPresented)
            #expect(tiles[9].presentationValue(forKeyPath: .positionY, at: 0.4).number?.bitPattern == shown.bitPattern)
            tiles[9].withPresentation(at: 0.9) { #expect(tiles[9].position.y.bitPattern == shown.bitPattern) }
            #expect(tiles[9].position.y.bitPattern == shown.bitPattern)
        }
        #expect(tiles[9].position.y.bitPattern == modelY.bitPattern && !tiles[9].isPresented)
    }
}
