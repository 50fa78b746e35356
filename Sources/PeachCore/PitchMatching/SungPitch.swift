/// A sung (or played) answer: how far the committed pitch lay from the target, in cents, in
/// whatever octave the singer chose. A bass answering a soprano's note is not 1200 ¢ wrong: the
/// error is measured to the nearest octave of the target, and that octave is kept.
public struct SungPitch: Hashable, Sendable {
    /// More than four octaves from the target is no answer to it (a detector glitch, a wrong note).
    public static let limit = Cents(4 * 1200 + 600)
    /// The span a sung answer is folded by: an answer in another octave is judged from it.
    public static let octaveSpan = Cents(1200)

    public let centsFromTarget: Cents

    /// Returns nil beyond ±`limit` or for NaN.
    public init?(centsFromTarget: Cents) {
        guard abs(centsFromTarget.rawValue) <= Self.limit.rawValue else { return nil }
        self.centsFromTarget = centsFromTarget
    }

    /// Octaves from the target's (−1: an octave below); a half-octave rounds away from zero.
    public var octave: Int { Int((centsFromTarget.rawValue / Self.octaveSpan.rawValue).rounded()) }

    /// Signed error from the nearest octave of the target, −600…600 ¢ (positive = sharp).
    public var error: Cents { centsFromTarget - Double(octave) * Self.octaveSpan }
}
