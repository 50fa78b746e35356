import PeachCore
import Testing

struct TrialSoundTests {
    let piano = SoundSource(rawValue: "piano")!
    let strings = SoundSource(rawValue: "strings")!

    @Test("A decaying sound plays comparisons, and is replaced by the sine for matching, which names it")
    func decayingSound() {
        let comparison = TrialSound(chosen: piano, sustains: false, kind: ComparisonKind.self)
        #expect(comparison.source == piano && comparison.insteadOf == nil)
        let matching = TrialSound(chosen: piano, sustains: false, kind: MatchingKind.self)
        #expect(matching.source == .sine && matching.insteadOf == piano)
    }

    @Test("A sustaining sound plays every discipline")
    func sustainingSound() {
        for kind: any TrainingKind.Type in [ComparisonKind.self, MatchingKind.self] {
            let played = TrialSound(chosen: strings, sustains: true, kind: kind)
            #expect(played.source == strings && played.insteadOf == nil)
        }
    }

    @Test("A sound the player does not have plays the sine everywhere; the sine replaces nothing")
    func unknownSoundAndSine() {
        for kind: any TrainingKind.Type in [ComparisonKind.self, MatchingKind.self] {
            let missing = TrialSound(chosen: strings, sustains: nil, kind: kind)
            #expect(missing.source == .sine && missing.insteadOf == strings)
            let sine = TrialSound(chosen: .sine, sustains: nil, kind: kind)
            #expect(sine.source == .sine && sine.insteadOf == nil)
        }
    }
}
