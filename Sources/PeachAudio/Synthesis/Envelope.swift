import Foundation

/// Raised-cosine attack and release around a sustain at full gain.
struct Envelope {
    enum Stage: Equatable {
        case attack(position: Int, length: Int)
        case sustain
        /// Falls from `from` (less than 1 when released during the attack) to silence.
        case release(position: Int, length: Int, from: Double)
        case finished
    }

    private(set) var stage: Stage

    init(attackSamples: Int) {
        stage = .attack(position: 0, length: attackSamples)
    }

    var isFinished: Bool { stage == .finished }
    var isReleasing: Bool {
        if case .release = stage { true } else { false }
    }

    /// The gain for this sample; advances by one sample.
    mutating func next() -> Double {
        switch stage {
        case .attack(let position, let length):
            let gain = Self.rise(position, length)
            stage = position + 1 >= length ? .sustain : .attack(position: position + 1, length: length)
            return gain
        case .sustain:
            return 1
        case .release(let position, let length, let from):
            let gain = from * (1 - Self.rise(position, length))
            stage = position + 1 >= length ? .finished : .release(position: position + 1, length: length, from: from)
            return gain
        case .finished:
            return 0
        }
    }

    /// Starts the release from the current gain; a second call changes nothing.
    mutating func release(samples: Int) {
        switch stage {
        case .attack(let position, let length):
            stage = .release(position: 0, length: samples, from: Self.rise(position, length))
        case .sustain:
            stage = .release(position: 0, length: samples, from: 1)
        case .release, .finished:
            break
        }
    }

    private static func rise(_ position: Int, _ length: Int) -> Double {
        0.5 - 0.5 * cos(Double.pi * Double(position) / Double(length))
    }
}
