import PeachCore

/// One sounding note: an oscillator (or a resampled instrument note that follows the oscillator's
/// frequency), its envelope and its level.
struct Voice {
    let id: VoiceID
    private var oscillator: Oscillator
    private var envelope: Envelope
    private let gain: Double
    private let timbre: Timbre
    private var sampled: Resampler?
    private let sampleRate: Double

    init(
        id: VoiceID, frequency: Frequency, level: AmplitudeDB, timbre: Timbre, source: (any NoteSource)? = nil,
        settings: SynthesisSettings
    ) {
        self.id = id
        oscillator = Oscillator(frequency: frequency, sampleRate: settings.sampleRate)
        envelope = Envelope(attackSamples: settings.rampSamples(at: frequency))
        gain = (level + settings.masterLevel).linearGain * (source?.gain ?? 1)
        self.timbre = timbre
        sampled = source.map(Resampler.init(source:))
        sampleRate = settings.sampleRate
    }

    /// Hands an instrument's note back once the voice has finished.
    func finish() { sampled?.source.finish() }

    var isFinished: Bool { envelope.isFinished }
    var isReleasing: Bool { envelope.isReleasing }
    var frequency: Frequency { oscillator.frequency }

    mutating func retune(to frequency: Frequency, settings: SynthesisSettings) {
        oscillator.glide(to: frequency, samples: settings.glideSamples)
    }

    mutating func release(settings: SynthesisSettings) {
        envelope.release(samples: settings.rampSamples(at: oscillator.frequency))
    }

    /// Adds this voice's next samples to `buffer`.
    mutating func render(adding buffer: UnsafeMutableBufferPointer<Float>) {
        if sampled != nil {
            renderSampled(adding: buffer)
            return
        }
        if envelope.stage == .sustain, !oscillator.isGliding {
            // Most of a note: commands only arrive between blocks, so the whole block is steady.
            for index in buffer.indices {
                buffer[index] += Float(gain * timbre.value(atPhase: oscillator.advance()))
            }
            return
        }
        for index in buffer.indices {
            guard !envelope.isFinished else { return }
            let shape = envelope.next()
            buffer[index] += Float(gain * shape * timbre.value(atPhase: oscillator.advance()))
        }
    }

    /// The oscillator still carries the frequency (and its glide); the instrument's note is read at
    /// that frequency over the source's own.
    private mutating func renderSampled(adding buffer: UnsafeMutableBufferPointer<Float>) {
        let sourceHertz = sampled!.source.frequency.hertz
        for index in buffer.indices {
            guard !envelope.isFinished else { return }
            let shape = envelope.next()
            _ = oscillator.advance()
            let ratio = oscillator.increment * sampleRate / sourceHertz
            buffer[index] += Float(gain * shape * sampled!.next(ratio: ratio))
        }
    }
}

/// Names one note for the lifetime of a Synthesizer.
public struct VoiceID: Hashable, Sendable {
    let rawValue: Int
}
