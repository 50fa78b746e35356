/// One Fill the Gap trial: 16 cycles of four sixteenths, one sixteenth of each cycle silent; the
/// user taps where the silent click belongs.
public struct RhythmMatchingTrial: Hashable, Sendable, Codable {
    public static let cycles = 16
    public static let sixteenthsPerCycle = 4

    public let tempo: TempoBPM
    /// For each cycle, the silent sixteenth (0…3).
    public let gapPositions: [Int]

    /// `gapPositions` must hold one position 0…3 per cycle.
    public init(tempo: TempoBPM, gapPositions: [Int]) {
        precondition(
            gapPositions.count == Self.cycles && gapPositions.allSatisfy { (0..<Self.sixteenthsPerCycle).contains($0) })
        self.tempo = tempo
        self.gapPositions = gapPositions
    }

    public static func random(tempo: TempoBPM, using generator: inout some RandomNumberGenerator) -> Self {
        Self(
            tempo: tempo,
            gapPositions: (0..<cycles).map { _ in Int.random(in: 0..<sixteenthsPerCycle, using: &generator) })
    }

    public var discipline: Discipline { .rhythmMatching }

    /// Every sounding click, from the first cycle's first sixteenth.
    public var clickSeconds: [Double] {
        gapPositions.enumerated().flatMap { cycle, gap in
            (0..<Self.sixteenthsPerCycle).filter { $0 != gap }.map { time(cycle: cycle, position: $0) }
        }
    }

    /// Where each cycle's silent click belongs, on the same time base.
    public var gapSeconds: [Double] {
        gapPositions.enumerated().map { time(cycle: $0.offset, position: $0.element) }
    }

    private func time(cycle: Int, position: Int) -> Double {
        Double(cycle * Self.sixteenthsPerCycle + position) * tempo.sixteenthSeconds
    }

    /// Each tap belongs to the nearest gap; a tap more than half a sixteenth from every gap is a
    /// miss, and of several taps on one gap only the nearest is its hit.
    public func judge(taps: [Double]) -> TapJudgement {
        let gaps = gapSeconds
        let window = GapJudging(self).hitWindowSeconds
        let nearest: [(gap: Int, offset: Double)?] = taps.map { tap in
            guard let index = gaps.indices.min(by: { abs(tap - gaps[$0]) < abs(tap - gaps[$1]) }) else { return nil }
            let offset = tap - gaps[index]
            return abs(offset) <= window ? (index, offset) : nil
        }
        var best: [Int: Int] = [:]
        for (tap, candidate) in nearest.enumerated() {
            guard let candidate else { continue }
            if let held = best[candidate.gap], abs(nearest[held]!.offset) <= abs(candidate.offset) { continue }
            best[candidate.gap] = tap
        }
        let hitTaps = Set(best.values)
        return TapJudgement(
            trial: self,
            taps: nearest.enumerated().map { tap, candidate in
                guard let candidate, hitTaps.contains(tap) else { return .miss }
                return TapJudgement.Tap(gap: candidate.gap, offsetSeconds: candidate.offset)
            })
    }
}
