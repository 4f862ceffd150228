/// What a window knows of its back buffer when damage-driven frames are drawn into it and
/// presented by copying the damaged box (`GLX_MESA_copy_sub_buffer`, never swapping): whether
/// it still holds the last such frame's picture, at which size and after which exposure.
struct BackBufferState {
    /// Whether the back buffer holds the picture of the last damage-driven frame drawn into it:
    /// false until one is, and after anything that makes its contents undefined or different
    /// (a swap, a full draw, the benchmark floor).
    var isHeld = false
    /// The framebuffer size it held its picture at (a resize reallocates it).
    var size = (width: 0, height: 0)
    /// `SubBufferCopy.exposures` as of the last damage-driven frame in it.
    var seenExposures = 0
    /// Whether the last frame was drawn damage-driven into it: `present` then copies its
    /// damaged box instead of swapping.
    var holdsLastFrame = false
    /// How many sub-buffer copies `present` has made (tests: a still frame makes none).
    var copies = 0

    /// Forgets the picture: the next damage-driven frame redraws and copies everything.
    mutating func forget() {
        holdsLastFrame = false
        isHeld = false
    }
}
