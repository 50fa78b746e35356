import PeachCore
import Testing

@testable import PeachAudio

struct OfflineRendererTests {
    @Test func aComparisonIsRenderedAsTheTrainerPlaysIt() {
        let settings = SynthesisSettings()
        let comparison = Comparison(note1: MIDINote(69)!, centOffset: Cents(-25))
        var training = TrainingSettings.default
        training.noteDurationSeconds = 0.5
        training.noteGapSeconds = 0.25
        training.referencePitch = ReferencePitch(hertz: 442)!
        let samples = OfflineRenderer(settings: settings).render(
            ComparisonKind.sounding(comparison, settings: training))

        let rate = settings.sampleRate
        let note2Start = Int(0.75 * rate)
        #expect(samples[Int(0.55 * rate)..<Int(0.7 * rate)].allSatisfy { $0 == 0 })
        let first = ToneAnalysis.frequency(
            of: samples, sampleRate: rate, nominal: 442, first: 2400, second: 12000, length: 9600)
        let expected2 = Frequency(note: MIDINote(69)!, offset: Cents(-25), reference: ReferencePitch(hertz: 442)!)
        let second = ToneAnalysis.frequency(
            of: samples, sampleRate: rate, nominal: expected2.hertz, first: note2Start + 2400,
            second: note2Start + 12000, length: 9600)
        #expect(abs(first - 442) < 0.001)
        #expect(abs(Frequency(hertz: second).cents(from: Frequency(hertz: 442)).rawValue + 25) < 0.01)
        // Rendering goes on, 10 ms at a time, until the last release has ended.
        let end = Int(1.25 * rate) + settings.rampSamples(at: expected2)
        #expect((end..<end + Int(rate / 100)).contains(samples.count))
        #expect(samples[(end - 10)..<end].contains { $0 != 0 })
        #expect(samples[end...].allSatisfy { $0 == 0 })
    }
}
