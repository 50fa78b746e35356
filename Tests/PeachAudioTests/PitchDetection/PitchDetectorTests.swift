import Foundation
import PeachCore
import Testing

@testable import PeachAudio

/// The rules both detectors meet on the shared fixtures (the browser's in
/// `Tests/e2e/test_pitch_detector_js.py`): frames every 40 ms; on a tone's steady segment at least
/// 90 % of them voiced, none an octave (600 ¢) off the sung contour, the mean over the segment
/// (vibrato averaged) within 2 ¢ of the contour's mean, and for the tones without vibrato the
/// median frame error within 2 ¢; nothing at all reported for noise or silence.
struct PitchDetectorTests {
    static let hop = 1920

    @Test(arguments: VoiceFixtures.manifest.fixtures)
    func meetsTheFixtureLimits(_ fixture: VoiceFixtures.Fixture) {
        let manifest = VoiceFixtures.manifest
        let detector = PitchDetector(sampleRate: manifest.sampleRate)
        let samples = VoiceFixtures.samples(fixture)
        let limits = manifest.limits
        samples.withUnsafeBufferPointer { all in
            guard let expected = fixture.expectedFrequency, let steady = fixture.steady else {
                var reported = 0
                for start in stride(from: 0, through: all.count - detector.frameLength, by: Self.hop) {
                    let frame = UnsafeBufferPointer(rebasing: all[start..<start + detector.frameLength])
                    if detector.detect(frame) != nil { reported += 1 }
                }
                #expect(reported == 0, "\(fixture.file): pitch reported in \(reported) frames")
                return
            }
            let period = manifest.sampleRate / expected
            var errors: [Double] = []
            var sung: [Double] = []
            var contour: [Double] = []
            var frames = 0
            for start in stride(from: 0, through: all.count - detector.frameLength, by: Self.hop) {
                // The lags compare sample j with j + period: the frame measures the middle of that span.
                let time = (Double(start) + (Double(detector.window) + period) / 2) / manifest.sampleRate
                guard time >= steady[0], time <= steady[1] else { continue }
                frames += 1
                let frame = UnsafeBufferPointer(rebasing: all[start..<start + detector.frameLength])
                guard let estimate = detector.detect(frame) else { continue }
                let cents = estimate.frequency.cents(from: Frequency(hertz: expected)).rawValue
                sung.append(cents)
                contour.append(fixture.contourCents(at: time))
                errors.append(cents - fixture.contourCents(at: time))
            }
            #expect(
                Double(sung.count) >= limits.minimumVoicedFraction * Double(frames),
                "\(fixture.file): \(sung.count) of \(frames) frames voiced")
            #expect(errors.allSatisfy { abs($0) < limits.octaveErrorCents }, "\(fixture.file): octave error")
            let meanError = sung.reduce(0, +) / Double(sung.count) - contour.reduce(0, +) / Double(contour.count)
            #expect(abs(meanError) <= limits.medianAbsoluteErrorCents, "\(fixture.file): mean off by \(meanError) ¢")
            if fixture.vibrato.depthCents == 0 {
                let median = errors.map(abs).sorted()[errors.count / 2]
                #expect(median <= limits.medianAbsoluteErrorCents, "\(fixture.file): median error \(median) ¢")
            }
        }
    }

    @Test func aPureToneIsFoundToAHundredthOfACent() {
        let detector = PitchDetector(sampleRate: 48_000)
        for hertz in [65.5, 110, 261.63, 440, 987.77] {
            let frame = (0..<detector.frameLength).map { Float(0.5 * sin(2 * .pi * hertz * Double($0) / 48_000)) }
            let estimate = frame.withUnsafeBufferPointer { detector.detect($0) }
            let error = estimate.map { $0.frequency.cents(from: Frequency(hertz: hertz)).rawValue }
            #expect(error.map { abs($0) < 0.5 } == true, "\(hertz) Hz: \(String(describing: error))")
            #expect((estimate?.confidence ?? 0) > 0.99)
        }
    }

    @Test func theParabolaFindsItsVertexBetweenTheSamples() {
        // y = (x − 0.3)²  at x = −1, 0, 1
        #expect(abs(PitchDetector.parabolicVertex(1.69, 0.09, 0.49) - 0.3) < 1e-12)
        #expect(PitchDetector.parabolicVertex(1, 1, 1) == 0)
    }
}
