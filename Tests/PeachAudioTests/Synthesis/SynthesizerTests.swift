import Foundation
import PeachCore
import Testing

@testable import PeachAudio

/// Renders notes and measures them: pitch, splatter of the ramps, glides. Serialized: the renders are
/// CPU-bound, and run side by side they would starve the timing-sensitive suites of the test pool.
@Suite(.serialized)
struct SynthesizerTests {
    let settings = SynthesisSettings()
    var rate: Double { settings.sampleRate }

    /// The measured pitch of a steady stretch of `tone`, in cents from `expected`.
    func centError(of frequency: Frequency, expected: Frequency) -> Double {
        let attack = settings.rampSamples(at: frequency)
        let window = Int(rate / 2)
        let samples = OfflineRenderer(settings: settings).render(
            Tone(frequency: frequency, duration: .seconds(Double(attack + 2 * window + 100) / rate)))
        let measured = ToneAnalysis.frequency(
            of: samples, sampleRate: rate, nominal: expected.hertz, first: attack + 50, second: attack + 50 + window,
            length: window)
        return Frequency(hertz: measured).cents(from: expected).rawValue
    }

    @Test(arguments: [440.0, 442.0], NoteRange.pianoRange)
    func everyPianoNoteIsInTuneWithinAHundredthOfACent(reference: Double, midi: Int) {
        let expected = Frequency(note: MIDINote(midi)!, reference: ReferencePitch(hertz: reference)!)
        #expect(abs(centError(of: expected, expected: expected)) < 0.01)
    }

    @Test func theMeasurementResolvesTwoHundredthsOfACent() {
        // Guards the test above: a tone 0.02 ¢ sharp must not pass as in tune.
        let expected = Frequency(note: MIDINote(21)!)
        let sharp = Frequency(note: MIDINote(21)!, offset: Cents(0.02))
        #expect(abs(centError(of: sharp, expected: expected) - 0.02) < 0.002)
    }

    /// A one-second note, as the trainer plays it by default.
    func splatter(_ frequency: Frequency, settings: SynthesisSettings) -> Double {
        let samples = OfflineRenderer(settings: settings).render(Tone(frequency: frequency, duration: .seconds(1)))
        return ToneAnalysis.splatter(of: samples, sampleRate: settings.sampleRate, frequency: frequency.hertz)
    }

    @Test(arguments: stride(from: 21, through: 105, by: 12).map { $0 } + [108])
    func rampsKeepSplatterEightyDecibelsBelowTheTone(midi: Int) {
        #expect(splatter(Frequency(note: MIDINote(midi)!), settings: settings) < -80)
    }

    @Test func aBareFiveMillisecondRampOnALowNoteWouldSplatter() {
        // Why ramps also last a number of periods: 5 ms is half a period of A2.
        let bare = SynthesisSettings(rampPeriods: 0)
        #expect(splatter(Frequency(note: MIDINote(45)!), settings: bare) > -80)
    }

    /// A note at `from` retuned after 0.2 s to `to`; returns the samples and the retune's frame.
    func glide(from: Double, to: Double) throws -> ([Float], Int) {
        let synthesizer = Synthesizer(settings: settings)
        let voice = try synthesizer.start(Frequency(hertz: from), level: .zero)
        var samples = synthesizer.render(count: Int(rate / 5))
        try synthesizer.retune(voice, to: Frequency(hertz: to))
        samples += synthesizer.render(count: Int(rate / 5))
        return (samples, Int(rate / 5))
    }

    @Test(arguments: [(440.0, 466.16), (440.0, 880.0), (880.0, 440.0)])
    func aRetuneArrivesWithinTenMilliseconds(from: Double, to: Double) throws {
        let (samples, retune) = try glide(from: from, to: to)
        let tenMilliseconds = Int(rate / 100)
        let after = (retune + tenMilliseconds)..<(retune + 3 * tenMilliseconds)
        #expect(ToneAnalysis.residualFromSine(samples, range: after, frequency: to, sampleRate: rate) < 1e-5)
        // The same fit a millisecond after the retune does see the glide, so the check above can fail.
        let during = (retune + tenMilliseconds / 10)..<(retune + tenMilliseconds / 10 + 2 * tenMilliseconds)
        #expect(ToneAnalysis.residualFromSine(samples, range: during, frequency: to, sampleRate: rate) > 1e-2)
    }

    @Test(arguments: [(440.0, 466.16), (440.0, 880.0), (880.0, 440.0)])
    func aGlideNeverStepsFurtherThanTheToneItself(from: Double, to: Double) throws {
        let (samples, retune) = try glide(from: from, to: to)
        let higher = Frequency(hertz: max(from, to))
        let steady = OfflineRenderer(settings: settings).render(Tone(frequency: higher, duration: .seconds(0.2)))
        let tonesOwn = ToneAnalysis.largestStep(steady, range: steady.count / 4..<steady.count / 2)
        let glideStep = ToneAnalysis.largestStep(samples, range: (retune - 10)..<(retune + Int(rate / 50)))
        #expect(glideStep <= tonesOwn * 1.0001)
    }

    @Test func aNoteSoundsUntilReleasedThenFadesToSilence() throws {
        let synthesizer = Synthesizer(settings: settings)
        let voice = try synthesizer.start(Frequency(hertz: 440), level: .zero)
        let held = synthesizer.render(count: Int(rate))
        #expect(ToneAnalysis.largestStep(held, range: held.count - 100..<held.count) > 0.01)
        synthesizer.release(voice)
        let release = synthesizer.render(count: settings.rampSamples(at: Frequency(hertz: 440)) + 10)
        #expect(synthesizer.activeVoiceCount == 0)
        #expect(release.suffix(10).allSatisfy { $0 == 0 })
    }

    @Test func theLevelIsInDecibels() throws {
        func peak(_ level: AmplitudeDB) -> Float {
            OfflineRenderer(settings: settings).render(
                Tone(frequency: Frequency(hertz: 1000), duration: .seconds(0.1), level: level)
            )
            .map(abs).max()!
        }
        #expect(abs(20 * log10(Double(peak(AmplitudeDB(-20)) / peak(.zero))) + 20) < 0.01)
    }
}
