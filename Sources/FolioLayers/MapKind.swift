/// How a matrix of the walk differs from the identity, so that products whose result is known
/// are not computed.
enum MapKind {
    /// Exactly the identity.
    case identity
    /// The identity but for a finite translation in `m41 m42 m43`.
    case translation
    /// Anything else.
    case general
}
