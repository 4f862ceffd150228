import FolioLayers
import FolioMotion
import FolioTransitions

/// Any `Transition` as a book's turn: the adapter that puts a custom effect (or a built-in
/// transition such as `AccordionTransition`) in a ``Book``.
///
/// For each turn the book asks for, the adapter calls `make` with a ``TransitionLeafContext``
/// and builds the transition over the book's whole view, the outgoing opening as its source
/// and the incoming opening as its destination. Wherever a layer of the transition shows
/// either image, the adapter shows the book's pages instead: each layer's `contentsRect`
/// (unit coordinates of the view) is cut at the spine and each part shows its page, so one
/// panel may carry two pages. The turn moves the whole opening
/// (``LeafArrangement/wholeOpening``): the book drives the transition's progress, turning
/// forward from 0 to 1, and backward from 1 to 0.
///
/// **Defaults**, each replaceable:
/// - *Pointer:* a drag turns the page by the distance it moves toward the read side over the
///   view's extent across the spine (``LeafDrag/followingPointer``); a transition conforming to
///   ``LeafTransition`` maps drags its own way with ``LeafTransition/progress(for:)``.
/// - *Shadows:* the transition draws its own shading; the book's ``Book/showsShadows`` sets
///   the transition's `showsShadows` (``LeafTransition/showShadows(inBook:)`` overrides). It
///   casts no shadow on the pages lying flat, as it covers them.
/// - *Motion:* ``animation``, easeInEaseOut over half a second unless given.
///
/// The transition must set its layers' contents when it is built (as every built-in effect
/// does): the adapter replaces them once per turn, not every frame. It plays in the view as
/// built whatever the book's reading direction, unless ``followsReadingDirection``.
public struct TransitionLeafEffect: LeafEffect {
    /// Builds the transition for one turn; a thrown `TransitionError` becomes
    /// ``BookError/geometry(_:)``, anything else ``BookError/effectFailed(effect:reason:)``
    /// (the book tries it once when it is created).
    public typealias Make = @Sendable (TransitionLeafContext) throws -> any Transition

    /// A short name for messages and status lines.
    public var name: String
    /// The animation of a whole turn from rest (both directions).
    public var animation: Animation
    /// Builds the transition for one turn.
    public let make: Make
    /// Whether the transition is built in the book's canonical frame (``LeafFrame``: read left
    /// to right, the read side on the left, the spine vertical) and turned with the book into
    /// its reading direction, rather than in the view as it is. An effect that moves toward its
    /// leading (left) edge then moves toward the read side in every direction: to the right in
    /// a right-to-left book, up in a top-bound one. Page images read upright either way.
    public var followsReadingDirection: Bool

    /// An adapter named `name` whose turns play `animation` and are built by `make`.
    ///
    /// - Parameters:
    ///   - name: a short name (`trifold`, …) for messages and status lines.
    ///   - animation: a whole turn from rest; default easeInEaseOut over 0.5 s.
    ///   - followsReadingDirection: build the transition in the book's canonical frame, so it
    ///     turns with the reading direction (default false: in the view as it is).
    ///   - make: builds the transition from the context (its size, scale and the two
    ///     openings' stand-in handles).
    public init(name: String, animation: Animation = .timing(.easeInEaseOut, duration: 0.5), followsReadingDirection: Bool = false,
                make: @escaping Make) {
        self.name = name
        self.animation = animation
        self.followsReadingDirection = followsReadingDirection
        self.make = make
    }

    /// A transition replaces the whole opening.
    public var arrangement: LeafArrangement { .wholeOpening }

    /// The transition for `frame`, its pages swapped in.
    ///
    /// - Throws: ``BookError/geometry(_:)`` with what the transition refused, or
    ///   ``BookError/effectFailed(effect:reason:)`` for any other error `make` threw.
    public func makeLeaf(in frame: LeafFrame) throws(BookError) -> any TurningLeaf {
        let size = followsReadingDirection ? frame.size : frame.direction.viewSize(ofCanonical: frame.size)
        let context = TransitionLeafContext(size: size, scale: frame.scale, m34: frame.m34, direction: frame.direction,
                                            isCanonical: followsReadingDirection)
        let transition: any Transition
        do {
            transition = try make(context)
        } catch let error as TransitionError {
            throw .geometry(error)
        } catch {
            throw .effectFailed(effect: name, reason: "\(error)")
        }
        return TransitionLeaf(frame: frame, context: context, transition: transition, inCanonicalFrame: followsReadingDirection)
    }

    /// ``animation``, both ways.
    public func turnAnimation(forward: Bool) -> Animation { animation }
}
