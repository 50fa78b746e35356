import PeachCore
import Testing

struct TrialSoundTests {
    let piano = SoundSource(rawValue: "piano")!
    let strings = SoundSource(rawValue: "strings")!

    @Test("A decaying sound plays comparisons, and is replaced by the sine for matching, which names it")
    func decayingSound() {
        let comparison = TrialSound(chosen: piano, kind: ComparisonKind.self) { _ in false }
        #expect(comparison.source == piano && comparison.insteadOf == nil)
        let matching = TrialSound(chosen: piano, kind: MatchingKind.self) { _ in false }
        #expect(matching.source == .sine && matching.insteadOf == piano)
    }

    @Test("A sustaining sound plays every discipline")
    func sustainingSound() {
        for kind: any TrainingKind.Type in [ComparisonKind.self, MatchingKind.self] {
            let played = TrialSound(chosen: strings, kind: kind) { _ in true }
            #expect(played.source == strings && played.insteadOf == nil)
        }
    }

    @Test("A sound the player does not have plays the sine everywhere; the sine replaces nothing")
    func unknownSoundAndSine() {
        for kind: any TrainingKind.Type in [ComparisonKind.self, MatchingKind.self] {
            let missing = TrialSound(chosen: strings, kind: kind) { _ in nil }
            #expect(missing.source == .sine && missing.insteadOf == strings)
            let sine = TrialSound(chosen: .sine, kind: kind) { _ in nil }
            #expect(sine.source == .sine && sine.insteadOf == nil)
        }
    }

    /// Whether each sound holds its level, as the server's library has them.
    static func library(_ sound: SoundSource) -> Bool? {
        ["sine": true, "piano": false, "strings": true][sound.rawValue]
    }

    @Test("With no sound chosen, harmony and melody play the piano and the rest the sine, replacing nothing")
    func unchosenSound() {
        let musical: [any TrainingKind.Type] = [
            ChordProgressionKind.self, ChordQualityKind.self, ScaleDegreeKind.self, MelodicDictationKind.self,
        ]
        for kind in musical {
            let played = TrialSound(chosen: nil, kind: kind, sustains: Self.library)
            #expect(played.source == piano && played.insteadOf == nil, "\(kind.id)")
        }
        // A held chord (Which Voice?) must not decay; pitch and intervals keep the pure tone.
        let sine: [any TrainingKind.Type] = [ChordIntonationKind.self, ComparisonKind.self, MatchingKind.self]
        for kind in sine {
            let played = TrialSound(chosen: nil, kind: kind, sustains: Self.library)
            #expect(played.source == .sine && played.insteadOf == nil, "\(kind.id)")
        }
        // A server without the piano plays the sine, and says of no choice that it was replaced.
        let without = TrialSound(chosen: nil, kind: ChordProgressionKind.self) { $0 == .sine ? true : nil }
        #expect(without.source == .sine && without.insteadOf == nil)
    }

    @Test("A sound the user chose wins over a kind's own, the sine too")
    func chosenSoundWins() {
        for chosen in [SoundSource.sine, strings] {
            let played = TrialSound(chosen: chosen, kind: ChordProgressionKind.self, sustains: Self.library)
            #expect(played.source == chosen && played.insteadOf == nil)
        }
    }
}
