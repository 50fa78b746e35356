import ArgumentParser
import Foundation
import PeachCore

struct Train: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Comparison training in the terminal: ↑ or k for higher, ↓ or j for lower, q quits.",
        discussion: "Answers are stored in the same database as the web app's, safely while a server runs on it.")

    @OptionGroup var storage: StoreOptions
    @OptionGroup var audio: AudioOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var midi: MIDIOptions

    func run() async throws {
        let intervals = training.trainsIntervals
        try await ChoiceTraining<ComparisonKind>(
            discipline: Discipline(kind: .comparison, intervals: intervals), storage: storage, audio: audio,
            sound: sound,
            overrides: training.overrides, midi: midi
        ).run(
            introduction: { settings in
                intervals
                    ? "Interval comparison (\(settings.intervals.map(\.spelled).joined(separator: ", ")), \(settings.tuningSystem.rawValue)). Was the second note higher (↑ or k, or a key above it) or lower (↓ or j, or a key below) than the interval? q quits."
                    : "Comparison training. Was the second note higher (↑ or k, or a key above it) or lower (↓ or j, or a key below)? q quits."
            },
            answer: { input, _ in
                switch input {
                case .up: .higher
                case .down: .lower
                default: nil
                }
            },
            midiAnswer: ComparisonAnswer.init(rawValue:),
            judgement: { completed, _ in ChoiceTraining<ComparisonKind>.mark(completed.isCorrect) })
    }
}

enum TrainingErrors {
    /// A lost sound ends the session with one line; a failed write is logged and training goes on.
    static func report(_ error: any Error, to terminal: TerminalSession) {
        if let error = error as? AudioError {
            FileHandle.standardError.write(Data("The sound stopped (\(error)); training ended.\n".utf8))
            terminal.send(.audioFailed)
        } else {
            FileHandle.standardError.write(Data("peach: \(error)\n".utf8))
        }
    }
}
