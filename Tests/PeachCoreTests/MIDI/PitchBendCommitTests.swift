import Testing

@testable import PeachCore

struct PitchBendCommitTests {
    private func bend(_ raw: Int) -> PitchBend { PitchBend(raw)! }
    private func slider(_ raw: Double) -> NormalizedSliderValue { NormalizedSliderValue(raw)! }

    @Test func theWheelSpansTheSlidersRange() {
        #expect(PitchBendCommit.sliderValue(bend(0)) == slider(-1))
        #expect(PitchBendCommit.sliderValue(bend(8192)) == slider(0))
        #expect(PitchBendCommit.sliderValue(bend(12288)) == slider(0.5))
        #expect(PitchBendCommit.sliderValue(bend(16383)).rawValue > 0.9998)
    }

    @Test func returningToCentreCommitsTheValueLastTunedOutsideIt() {
        var rule = PitchBendCommit()
        #expect(rule.receive(bend(10000)) == .tune(slider(1808.0 / 8192)))
        #expect(rule.receive(bend(9000)) == .tune(slider(808.0 / 8192)))
        #expect(rule.receive(bend(8192 + 256)) == .commit(slider(808.0 / 8192)))
    }

    @Test func theCentreZoneIsPlusOrMinus256() {
        var rule = PitchBendCommit()
        _ = rule.receive(bend(4000))
        #expect(rule.receive(bend(8192 - 257)) == .tune(slider(-257.0 / 8192)))
        #expect(rule.receive(bend(8192 - 256)) == .commit(slider(-257.0 / 8192)))
    }

    @Test func aWheelAtRestCommitsNothingUntilItHasLeftTheCentre() {
        var rule = PitchBendCommit()
        #expect(rule.receive(bend(8192)) == .none)
        #expect(rule.receive(bend(8300)) == .none)
        _ = rule.receive(bend(9000))
        _ = rule.receive(bend(8192))
        // Committed once: resting there again is not a second answer.
        #expect(rule.receive(bend(8192)) == .none)
    }
}
