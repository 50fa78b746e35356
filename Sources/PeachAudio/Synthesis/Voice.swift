import PeachCore

/// One sounding note: an oscillator, its envelope and its level.
struct Voice {
    let id: VoiceID
    private var oscillator: Oscillator
    private var envelope: Envelope
    private let gain: Double
    private let timbre: Timbre

    init(id: VoiceID, frequency: Frequency, level: AmplitudeDB, timbre: Timbre, settings: SynthesisSettings) {
        self.id = id
        oscillator = Oscillator(frequency: frequency, sampleRate: settings.sampleRate)
        envelope = Envelope(attackSamples: settings.rampSamples(at: frequency))
        gain = (level + settings.masterLevel).linearGain
        self.timbre = timbre
    }

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
}

/// Names one note for the lifetime of a Synthesizer.
public struct VoiceID: Hashable, Sendable {
    let rawValue: Int
}
