import Foundation
import PeachCore
import Testing

@testable import PeachAudio

struct PitchTrackerTests {
    @Test func framesComeEveryHopTimedByTheirFirstSampleWhateverTheBlockSize() {
        let rate = 48_000.0
        let samples = (0..<48_000).map { Float(0.3 * sin(2 * Double.pi * 220 * Double($0) / rate)) }
        var heard: [HeardPitch] = []
        var tracker = PitchTracker(sampleRate: rate)
        // Blocks of an awkward size, the first sample captured at 100 s.
        for start in stride(from: 0, to: samples.count, by: 333) {
            samples[start..<min(samples.count, start + 333)].withUnsafeBufferPointer {
                heard += tracker.append($0, startingAt: 100 + Double(start) / rate)
            }
        }
        let length = tracker.detector.frameLength
        #expect(heard.count == 1 + (samples.count - length) / PitchTracker.hop)
        // The first frame is the first `length` samples; the next ones a hop later each.
        for (index, frame) in heard.enumerated() {
            #expect(abs(frame.time - (100 + Double(index * PitchTracker.hop) / rate)) < 1e-9)
            #expect(abs(frame.frequency!.cents(from: Frequency(hertz: 220)).rawValue) < 0.05)
        }
    }

    @Test func silenceIsHeardAsNoPitch() {
        var tracker = PitchTracker(sampleRate: 48_000)
        let heard = [Float](repeating: 0, count: 10_000).withUnsafeBufferPointer { tracker.append($0, startingAt: 0) }
        #expect(!heard.isEmpty && heard.allSatisfy { $0.frequency == nil })
    }

    @Test func framesThatBeginBeforeTheListeningTimeAreNeitherAnalysedNorReturned() {
        let samples = (0..<24_000).map { Float(0.3 * sin(2 * Double.pi * 220 * Double($0) / 48_000)) }
        var all = PitchTracker(sampleRate: 48_000)
        var gated = PitchTracker(sampleRate: 48_000)
        let every = samples.withUnsafeBufferPointer { all.append($0, startingAt: 0) }
        let late = samples.withUnsafeBufferPointer { gated.append($0, startingAt: 0, analysingFrom: 0.2) }
        #expect(!late.isEmpty && late.allSatisfy { $0.time >= 0.2 })
        #expect(late == every.filter { $0.time >= 0.2 })
    }
}
