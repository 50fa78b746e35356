import Foundation
import Testing

@testable import PeachCore

struct ChordIntonationTests {
    static func cents(_ high: Frequency, over low: Frequency) -> Double { 1200 * log2(high.hertz / low.hertz) }

    /// Just intonation is pure from the root actually played: 4:5:6 and 10:12:15, from every root.
    @Test(arguments: Triad.allCases)
    func aJustTriadIsPureFromEveryRoot(triad: Triad) throws {
        let ratios: (third: Double, fifth: Double) = triad == .major ? (5.0 / 4, 3.0 / 2) : (6.0 / 5, 3.0 / 2)
        for root in 36...84 {
            let trial = ChordIntonationTrial(
                root: MIDINote(root)!, triad: triad, tuningSystem: .justIntonation, detunedVoice: .highest,
                centOffset: .zero)
            for reference in [ReferencePitch.a440, ReferencePitch(hertz: 415)!] {
                let f = trial.frequencies(reference: reference)
                #expect(
                    abs(Self.cents(f[.middle]!, over: f[.lowest]!) - 1200 * log2(ratios.third)) <= 1e-4, "root \(root)")
                #expect(
                    abs(Self.cents(f[.highest]!, over: f[.lowest]!) - 1200 * log2(ratios.fifth)) <= 1e-4, "root \(root)"
                )
                #expect(
                    abs(Self.cents(f[.lowest]!, over: Frequency(note: MIDINote(root)!, reference: reference))) <= 1e-9)
            }
        }
    }

    @Test func equalTemperamentIsFourAndSevenSemitonesOrThreeAndSeven() {
        for (triad, third) in [(Triad.major, 400.0), (.minor, 300.0)] {
            let f = ChordIntonationTrial(
                root: MIDINote(60)!, triad: triad, tuningSystem: .equalTemperament, detunedVoice: .lowest,
                centOffset: .zero
            )
            .frequencies(reference: .a440)
            #expect(abs(Self.cents(f[.middle]!, over: f[.lowest]!) - third) <= 1e-6)
            #expect(abs(Self.cents(f[.highest]!, over: f[.lowest]!) - 700) <= 1e-6)
        }
    }

    /// Only the detuned voice moves, by exactly the trial's offset.
    @Test(arguments: ChordVoice.allCases)
    func theDetunedVoiceAloneIsOffByTheOffset(voice: ChordVoice) {
        let tuned = ChordIntonationTrial(
            root: MIDINote(55)!, triad: .minor, tuningSystem: .justIntonation, detunedVoice: voice, centOffset: .zero)
        let detuned = ChordIntonationTrial(
            root: MIDINote(55)!, triad: .minor, tuningSystem: .justIntonation, detunedVoice: voice,
            centOffset: Cents(-7.5))
        let a = tuned.frequencies(reference: .a440)
        let b = detuned.frequencies(reference: .a440)
        for other in ChordVoice.allCases {
            #expect(abs(Self.cents(b[other]!, over: a[other]!) - (other == voice ? -7.5 : 0)) <= 1e-9)
        }
    }

    @Test func drawnChordsStayInTheNoteRangeAndFollowTheChain() throws {
        var settings = TrainingSettings.default
        settings.noteRange = try NoteRange(lower: 48, upper: 60)
        // The intervals' tuning is not the chords': Which Voice? reads its own, just intonation by default.
        settings.tuningSystem = .equalTemperament
        var generator = SeededGenerator(seed: 7)
        var chain = ChordIntonationKind.freshChain
        var last: Cents?
        for index in 0..<200 {
            let trial = ChordIntonationKind.draw(.chordIntonation, settings: settings, chain: chain, using: &generator)
            #expect(trial.root.rawValue >= 48 && trial.root.rawValue + 7 <= 60 && trial.tuningSystem == .justIntonation)
            // A new user's first chord is still itself: 30 ¢ off, not the 100 ¢ that makes another chord.
            if index == 0 { #expect(trial.centOffset.magnitude == ChordIntonationKind.freshDifference) }
            // Always right: the chain narrows, until the resolution holds it.
            if let last, last > Cents(1) { #expect(trial.centOffset.magnitude < last) }
            last = trial.centOffset.magnitude
            let record = try #require(ChordIntonationKind.judge(trial, trial.detunedVoice, at: Date()))
            #expect(record.isCorrect)
            ChordIntonationKind.advance(&chain, after: record)
            if trial.centOffset.magnitude == settings.minCentDifference { break }
        }
    }

    /// The fresh start stays within the user's own bounds.
    @Test func aFreshStartBelowTheMaximumIsClampedToTheSettings() {
        var settings = TrainingSettings.default
        settings.maxCentDifference = Cents(20)
        var generator = SeededGenerator(seed: 3)
        let trial = ChordIntonationKind.draw(
            .chordIntonation, settings: settings, chain: ChordIntonationKind.freshChain, using: &generator)
        #expect(trial.centOffset.magnitude == Cents(20))
    }

    /// A listener choosing among three voices guesses right a third of the time: the fit must know
    /// it. Simulated three-way listeners (75 % correct at the threshold, 2 % lapses) on the kind's own
    /// chain, 200 trials each: the median fitted threshold is within 15 % of the truth. (Fitted as if
    /// there were two choices it is printed beside it: the free slope absorbs most of the
    /// difference where the chain plays.)
    @Test(arguments: [4.0, 12.0, 30.0])
    func theThresholdOfAThreeWayListenerIsRecoveredAt200Trials(truth: Double) throws {
        let settings = TrainingSettings.default
        var generator = SeededGenerator(seed: UInt64(truth * 10))
        var threeWay: [Double] = []
        var twoWay: [Double] = []
        for _ in 0..<40 {
            var chain = ChordIntonationKind.freshChain
            var trials: [ThresholdEstimator.Trial] = []
            for _ in 0..<200 {
                let trial = ChordIntonationKind.draw(
                    .chordIntonation, settings: settings, chain: chain, using: &generator)
                let p = ThresholdEstimator.probabilityCorrect(
                    difference: trial.centOffset.magnitude.rawValue, threshold: truth, slope: 1.5, guessRate: 1.0 / 3)
                let others = ChordVoice.allCases.filter { $0 != trial.detunedVoice }
                let answer =
                    Double.random(in: 0..<1, using: &generator) < p
                    ? trial.detunedVoice : others.randomElement(using: &generator)!
                let record = try #require(ChordIntonationKind.judge(trial, answer, at: Date()))
                ChordIntonationKind.advance(&chain, after: record)
                trials.append(
                    ThresholdEstimator.Trial(difference: record.centDifference.rawValue, isCorrect: record.isCorrect))
            }
            threeWay.append(try #require(ChordIntonationProfile.estimator.estimate(trials)).threshold.rawValue / truth)
            if let two = ThresholdEstimator().estimate(trials) { twoWay.append(two.threshold.rawValue / truth) }
        }
        let median = threeWay.sorted()[threeWay.count / 2]
        #expect(abs(median - 1) <= 0.15, "median ratio \(median) at \(truth) ¢")
        let twoWayMedian = twoWay.sorted()[twoWay.count / 2]
        print(
            "[chordIntonation] \(truth) ¢: median fitted/true \(String(format: "%.3f", median)) (three-way), \(String(format: "%.3f", twoWayMedian)) (as two-way), 40 sessions × 200 trials"
        )
    }

    /// A few chords a day still draw a line: each day's point is fitted to the newest answers up to
    /// that day, so a listener improving from 40 to 8 ¢ over 40 days of 8 chords shows a falling line
    /// of at most 30 points, and the headline is the newest answers' fit.
    @Test func theSparklineFallsAsTheListenerImprovesOnAFewChordsADay() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var profile = ChordIntonationProfile(calendar: calendar)
        var generator = SeededGenerator(seed: 3)
        var chain = ChordIntonationKind.freshChain
        for day in 0..<40 {
            let truth = 40 * pow(8.0 / 40, Double(day) / 39)
            for trial in 0..<8 {
                let drawn = ChordIntonationKind.draw(
                    .chordIntonation, settings: .default, chain: chain, using: &generator)
                let p = ThresholdEstimator.probabilityCorrect(
                    difference: drawn.centOffset.magnitude.rawValue, threshold: truth, slope: 1.5, guessRate: 1.0 / 3)
                let answer =
                    Double.random(in: 0..<1, using: &generator) < p
                    ? drawn.detunedVoice
                    : ChordVoice.allCases.filter { $0 != drawn.detunedVoice }.randomElement(using: &generator)!
                let at = Date(timeIntervalSince1970: Double(day) * 86_400 + Double(trial) * 60)
                let record = try #require(ChordIntonationKind.judge(drawn, answer, at: at))
                ChordIntonationKind.advance(&chain, after: record)
                profile.add(record)
            }
        }
        let line = profile.dailyThresholds.map(\.threshold)
        #expect(line.count >= 20 && line.count <= ChordIntonationProfile.sparklineDays, "\(line)")
        #expect(line.last! < line.first!, "\(line)")
        #expect(profile.threshold != nil)
        // Issue 49: how far it moved over the newest answers, read for a choice of three as the
        // pitch scopes read theirs: half of the 320 answers, and downwards.
        let change = try #require(profile.thresholdChange)
        #expect(change == ThresholdChange(trials: profile.recent, tracker: ThresholdTracker(guessRate: 1.0 / 3)))
        #expect(change.answers == 160 && change.ratio < 1, "\(change)")
    }
}
