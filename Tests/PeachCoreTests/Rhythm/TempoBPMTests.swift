import Testing

@testable import PeachCore

struct TempoBPMTests {
    @Test func acceptsOnly40To200() {
        #expect(TempoBPM(39) == nil)
        #expect(TempoBPM(201) == nil)
        #expect(TempoBPM(40)?.rawValue == 40)
        #expect(TempoBPM(200)?.rawValue == 200)
        #expect(TempoBPM.default.rawValue == 80)
    }

    @Test func aSixteenthIsAQuarterOfABeat() {
        #expect(TempoBPM(80)!.sixteenthSeconds == 0.1875)
        #expect(TempoBPM(120)!.sixteenthSeconds == 0.125)
    }

    @Test func everyTempoFallsInExactlyOneBand() {
        let expected: [(Int, TempoBand)] = [
            (40, .veryslow), (59, .veryslow), (60, .slow), (79, .slow), (80, .moderate), (99, .moderate),
            (100, .brisk), (119, .brisk), (120, .fast), (159, .fast), (160, .veryFast), (200, .veryFast),
        ]
        for (bpm, band) in expected { #expect(TempoBPM(bpm)!.band == band, "\(bpm)") }
        for bpm in TempoBPM.range {
            #expect(TempoBand.allCases.filter { $0.tempos.contains(bpm) }.count == 1)
        }
        #expect(TempoBand.moderate.rawValue == "80-99")
    }
}
