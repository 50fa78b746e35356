/// The delay between a click and the user's tap on it — output latency, input latency and the
/// user's own anticipation together — measured by tapping along to evenly spaced clicks. Fill the
/// Gap subtracts it so a device's latency does not read as the user tapping late.
public struct TapCalibration: Hashable, Sendable {
    /// Fewer taps near a click than this cannot give a trustworthy median.
    public static let minimumTaps = 8
    /// Clicks played to tap along with: twice the taps needed, so a few missed ones still leave enough.
    public static let clickCount = 2 * minimumTaps

    /// When each click to tap along with sounds, from the first: a beat apart at `tempo`, slow
    /// enough that every tap is clearly meant for one click.
    public static func clickSeconds(at tempo: TempoBPM) -> [Double] {
        (0..<clickCount).map { Double($0) * 4 * tempo.sixteenthSeconds }
    }

    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case tooFewTaps(used: Int)
        case tooFewClicks

        public var description: String {
            switch self {
            case .tooFewTaps(let used):
                "only \(used) taps fell within half a beat of a click; at least \(TapCalibration.minimumTaps) are needed"
            case .tooFewClicks: "at least two clicks are needed"
            }
        }
    }

    public let latencyMs: Double
    public let tapsUsed: Int

    /// The median of (tap − nearest click) over the taps within half the click spacing of a click.
    public init(clickSeconds: [Double], tapSeconds: [Double]) throws(Failure) {
        let clicks = clickSeconds.sorted()
        guard clicks.count >= 2 else { throw .tooFewClicks }
        let spacing = zip(clicks, clicks.dropFirst()).map { $1 - $0 }.min()!
        let delays = tapSeconds.compactMap { tap -> Double? in
            let delay = clicks.map { tap - $0 }.min { abs($0) < abs($1) }!
            return abs(delay) <= spacing / 2 ? delay : nil
        }.sorted()
        guard delays.count >= Self.minimumTaps else { throw .tooFewTaps(used: delays.count) }
        let middle = delays.count / 2
        let median = delays.count % 2 == 1 ? delays[middle] : (delays[middle - 1] + delays[middle]) / 2
        latencyMs = median * 1000
        tapsUsed = delays.count
    }
}
