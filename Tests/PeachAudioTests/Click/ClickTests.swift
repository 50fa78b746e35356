import Foundation
import PeachCore
import Testing

@testable import PeachAudio

struct ClickTests {
    static let sampleRate = 48_000.0

    @Test func theClickIsShortLoudFromSampleZeroAndDecays() {
        let click = Click.samples(sampleRate: Self.sampleRate)
        #expect(Double(click.count) / Self.sampleRate <= 0.06)
        #expect(abs(click[0]) > Click.peak / 2)
        #expect(abs(click.map(abs).max()! - Click.peak) < 1e-6)
        let rms = { (slice: ArraySlice<Float>) in
            (slice.map { Double($0 * $0) }.reduce(0, +) / Double(slice.count)).squareRoot()
        }
        #expect(rms(click[0..<240]) > 20 * rms(click[1_920..<2_160]))
        #expect(click.last == 0)
    }

    @Test func aRenderedCompareTimingTrialSoundsEachClickOnScheduleAndTheThirdDisplacedByTheOffset() {
        for (bpm, percent) in [(80, -7.5), (200, 1.0), (40, 20.0), (123, -3.3)] {
            let trial = RhythmComparison(tempo: TempoBPM(bpm)!, offsetPercent: percent)
            let detected = ClickOnsets.detect(
                Click.render(onsets: trial.clickSeconds, sampleRate: Self.sampleRate), sampleRate: Self.sampleRate)
            #expect(detected.count == 4)
            for (heard, scheduled) in zip(detected, trial.clickSeconds) {
                #expect(abs(heard - scheduled) < 0.0001, "\(bpm) BPM: \(heard) vs \(scheduled)")
            }
            let displacement = detected[2] - 2 * trial.tempo.sixteenthSeconds
            #expect(
                abs(displacement - trial.offsetSeconds) < 0.00005,
                "\(bpm) BPM: \(displacement) vs \(trial.offsetSeconds)")
        }
    }
}
