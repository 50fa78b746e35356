import Foundation
import PeachCore
import Synchronization
import Testing

@testable import PeachAudio

/// A stand-in instrument (the port a SoundFont fills): every note is a sine at `native` hertz, and
/// it records which notes were handed back.
final class SineInstrument: Instrument, @unchecked Sendable {
    let native: Frequency
    let finished = Mutex(0)

    init(native: Frequency) { self.native = native }

    func source(for frequency: Frequency) throws(AudioError) -> any NoteSource { Source(instrument: self) }

    final class Source: NoteSource, @unchecked Sendable {
        let instrument: SineInstrument
        var phase = 0.0
        var frequency: Frequency { instrument.native }
        let gain = 0.5

        init(instrument: SineInstrument) { self.instrument = instrument }

        func render(into buffer: UnsafeMutableBufferPointer<Float>) {
            for index in buffer.indices {
                buffer[index] = Float(sin(2 * Double.pi * phase))
                phase += instrument.native.hertz / 48_000
            }
        }

        func finish() { instrument.finished.withLock { $0 += 1 } }
    }
}

@Suite(.serialized)
struct SampledVoiceTests {
    let settings = SynthesisSettings()

    @Test("A note is the instrument's note read at target ÷ native: exact to a thousandth of a cent")
    func resampledToTheExactFrequency() {
        let instrument = SineInstrument(native: Frequency(hertz: 440))
        for cents in [0.03, -0.5, 37.0] {
            let target = Frequency(hertz: 440 * exp2(cents / 1200))
            let samples = OfflineRenderer(settings: settings, instrument: instrument).render(
                Tone(frequency: target, duration: .seconds(1.2)))
            let measured = ToneAnalysis.frequency(
                of: samples, sampleRate: 48_000, nominal: target.hertz, first: 4_800, second: 28_800, length: 24_000)
            #expect(abs(Frequency(hertz: measured).cents(from: target).rawValue) < 0.001)
        }
    }

    @Test("The source's gain and the note's level both apply, and every note is handed back once")
    func gainAndFinish() {
        let instrument = SineInstrument(native: Frequency(hertz: 440))
        let samples = OfflineRenderer(settings: settings, instrument: instrument).render([
            .init(
                start: .zero,
                tone: Tone(frequency: Frequency(hertz: 440), duration: .seconds(0.5), level: AmplitudeDB(-6))),
            .init(start: .seconds(0.6), tone: Tone(frequency: Frequency(hertz: 440), duration: .seconds(0.5))),
        ])
        let peak = samples[9_600..<19_200].map { abs($0) }.max()!
        // 0.5 (source) × −6 dB (level) × the master level.
        #expect(abs(Double(peak) - 0.5 * (AmplitudeDB(-6) + settings.masterLevel).linearGain) < 1e-3)
        #expect(instrument.finished.withLock { $0 } == 2)
    }
}
