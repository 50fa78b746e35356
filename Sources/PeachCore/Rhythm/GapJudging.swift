/// How Fill the Gap's taps are judged, as data beside the trial's `gapSeconds`: each tap belongs to
/// the nearest gap (of two as near, the earlier) and is a hit when it lies within `hitWindowSeconds`
/// of it; of several taps on one gap only the nearest (of two as near, the earlier) is its hit.
/// The trial judges by it, and each trial serves it (`judging`) so that the page shows the figures
/// as the last cycle ends, as the server will.
public struct GapJudging: Codable, Hashable, Sendable, APIDescribed {
    /// Half a sixteenth: a tap further from every gap is a miss.
    public let hitWindowSeconds: Double

    public init(_ trial: RhythmMatchingTrial) {
        hitWindowSeconds = trial.tempo.sixteenthSeconds / 2
    }

    public static var apiNotes: [String: APINote] {
        [
            "": .closed,
            "hitWindowSeconds": .describe(
                "A tap belongs to the nearest gap in gapSeconds (of two as near, the earlier) and hits it within this many seconds (inclusive); of several taps on one gap the nearest (of two as near, the earlier) is its hit, the others are misses. meanOffsetMs and offsetSDMs (the sample standard deviation, 0 for one hit) are the hits' offsets in ms; hitRate is hits over cycles; meanOffsetMsByPosition the hits' mean offset at each position of gapPositions."
            ),
        ]
    }
}
