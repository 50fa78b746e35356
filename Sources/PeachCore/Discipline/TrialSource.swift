/// Draws the next trial of every discipline: the Kazez chain of each comparison discipline
/// continued from its newest answer (or a cold start), random matching trials, the settings as
/// they are at that moment. Shared by the server and the terminal, so both start and continue
/// a chain the same way.
public actor TrialSource {
    private var lastAnswers: [Discipline: CompletedComparison]
    private var coldStarts: [Discipline: Cents]
    private var timing: TimingChain
    private var generator: any RandomNumberGenerator & Sendable

    /// - Parameters:
    ///   - lastAnswers: each comparison discipline's newest stored answer, so a restart continues
    ///     the chain where it stopped.
    ///   - coldStarts: each discipline's mean threshold, used only when it has no last answer.
    ///   - timing: where the Compare Timing chain stands.
    public init(
        lastAnswers: [Discipline: CompletedComparison] = [:], coldStarts: [Discipline: Cents] = [:],
        timing: TimingChain = TimingChain(),
        generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.lastAnswers = lastAnswers
        self.coldStarts = coldStarts
        self.timing = timing
        self.generator = generator
    }

    public func next(_ discipline: Discipline, settings: TrainingSettings) -> Trial {
        Self.draw(
            discipline, settings: settings, last: lastAnswers[discipline], coldStart: coldStarts[discipline],
            timing: timing, using: &generator)
    }

    // Opening the existential generator in a generic function of its own sidesteps a Swift 6.3
    // IRGen crash when it is opened directly in the actor method.
    private static func draw(
        _ discipline: Discipline, settings: TrainingSettings, last: CompletedComparison?, coldStart: Cents?,
        timing: TimingChain, using generator: inout some RandomNumberGenerator
    ) -> Trial {
        let intervals = discipline.intervals(settings)
        let tuning = discipline.tuningSystem(settings)
        switch discipline.kind {
        case .comparison:
            return .comparison(settings.kazezStrategy.nextComparison(
                discipline, after: last, coldStart: coldStart, in: settings.noteRange, intervals: intervals,
                tuningSystem: tuning, loudnessVariation: settings.varyLoudness, using: &generator))
        case .matching where discipline.answerMethod == .voice:
            // A sung note starts on the target (there is no tunable note) and follows the singer's range.
            let note = MIDINote(Int.random(
                in: settings.voiceRange.lowerBound.rawValue...settings.voiceRange.upperBound.rawValue, using: &generator))!
            return .matching(PitchMatchingChallenge(discipline, referenceNote: note, initialCentOffset: .zero, centRange: .zero))
        case .matching:
            let range = discipline.matchingRange(settings)
            return .matching(PitchMatchingChallenge.random(
                discipline, in: settings.noteRange, intervals: intervals, tuningSystem: tuning,
                offsetBound: range, centRange: range, using: &generator))
        case .rhythmComparison:
            return .rhythmComparison(timing.next(tempo: settings.tempo, using: &generator))
        case .rhythmMatching:
            return .rhythmMatching(RhythmMatchingTrial.random(tempo: settings.tempo, using: &generator))
        }
    }

    /// Lets the chain of the answer's discipline continue from it.
    public func didComplete(_ record: TrainingRecord) {
        switch record {
        case let .comparison(comparison): lastAnswers[comparison.discipline] = comparison
        case let .rhythmComparison(answer): timing.add(answer)
        case .matching, .rhythmMatching: break
        }
    }

    /// After the stored history changed wholesale (reset, import): continue from what is stored now.
    public func restart(lastAnswers: [Discipline: CompletedComparison], coldStarts: [Discipline: Cents], timing: TimingChain) {
        self.lastAnswers = lastAnswers
        self.coldStarts = coldStarts
        self.timing = timing
    }

    /// The comparisons of one discipline, for a driver that plays them one after another.
    public nonisolated func comparisons(_ discipline: Discipline, settings: TrainingSettings) -> some ComparisonSource {
        Feed(source: self, discipline: discipline, settings: settings)
    }

    /// The matching trials of one discipline, for a driver that plays them one after another.
    public nonisolated func challenges(_ discipline: Discipline, settings: TrainingSettings) -> some PitchMatchingChallengeSource {
        Feed(source: self, discipline: discipline, settings: settings)
    }

    private struct Feed: ComparisonSource, PitchMatchingChallengeSource {
        let source: TrialSource
        let discipline: Discipline
        let settings: TrainingSettings

        func nextComparison() async -> Comparison {
            guard case let .comparison(comparison) = await source.next(discipline, settings: settings) else {
                preconditionFailure("\(discipline) does not draw comparisons")
            }
            return comparison
        }

        func didComplete(_ comparison: CompletedComparison) async {
            await source.didComplete(.comparison(comparison))
        }

        func nextChallenge() async -> PitchMatchingChallenge {
            guard case let .matching(challenge) = await source.next(discipline, settings: settings) else {
                preconditionFailure("\(discipline) does not draw matching trials")
            }
            return challenge
        }
    }
}
