import FolioGeometry
import FolioLayers
import FolioMotion

// Scenes over time (docs/command-line.md, docs/animation.md): `folio evaluate SCENE --time T` and
// `folio render --scene SCENE --time T` show the presentation at T. Actions are model changes,
// so a scene moves forward only: apply the actions through T, then present at T. A scene
// without animations or actions evaluates exactly as before (the presentation of a tree
// without animations is the model, untouched).

extension Scene {
    /// Whether any layer carries animations or the scene has actions.
    public var isAnimated: Bool { !actions.isEmpty || root.subtreeHasAnimations }

    /// Applies, in order, every action whose time is at or before `time` and not applied yet.
    ///
    /// - Throws: `SceneError.invalidValue` if an action's animation cannot be built from the
    ///   presentation value it starts at; `.invalidValue` for a time earlier than an action
    ///   already applied (a scene's actions change its model, so it only moves forward).
    public mutating func applyActions(through time: Double) throws(SceneError) {
        guard time.isFinite else { throw .invalidValue(path: "time", value: "\(number: time)", reason: "must be finite") }
        if appliedActions > 0, time < actions[appliedActions - 1].time {
            throw .invalidValue(path: "time", value: "\(number: time)",
                                reason: "is before the action at \(number: actions[appliedActions - 1].time) s already applied; load the scene again")
        }
        while appliedActions < actions.count, actions[appliedActions].time <= time {
            let action = actions[appliedActions]
            do { try action.apply() } catch {
                throw .invalidValue(path: "action at \(number: action.time) s on '\(action.keyPath.rawValue)'", value: "…", reason: "\(error)")
            }
            appliedActions += 1
        }
    }

    /// Applies the actions through `time`, then runs `body` with the presentation at `time`
    /// in the layers (evaluate, record a frame, hit-test there).
    public mutating func presenting<Result>(at time: Double, _ body: (Layer) throws -> Result) throws -> Result {
        try applyActions(through: time)
        let root = self.root
        return try root.withPresentation(at: time) { try body(root) }
    }
}
