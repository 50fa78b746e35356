import Foundation
import PeachAudio
import Testing

/// The fixture set of `scripts/make_voice_fixtures.py` (voices, instruments, noise, silence) and
/// its manifest; generated on first use into `.build/voice-fixtures` (deterministic, not committed).
/// `Tests/e2e/test_pitch_detector_js.py` reads the same files and applies the same rules to the
/// browser's detector.
struct VoiceFixtures: Sendable {
    struct Manifest: Decodable, Sendable {
        let sampleRate: Double
        let fixtures: [Fixture]
        let limits: Limits
        let notes: [Note]
        let noteLimits: NoteLimits
        /// Held notes whose octave is easy to get wrong, at 44.1 and 48 kHz (see `hard_voices`).
        let hardVoices: [Note]
    }

    /// A held sung note for the commit rule (see `sung_notes` in the script).
    struct Note: Decodable, Sendable, CustomTestStringConvertible {
        let file: String
        let family: String
        let offsetCents: Double
        let target: Int
        let sungOctave: Int
        let onset: Double
        /// The file's own rate where it is not the manifest's (the notes at 44.1 kHz).
        let sampleRate: Double?

        var testDescription: String { file }
        var fixture: Fixture {
            Fixture(
                file: file, family: family, expectedFrequency: nil, steady: nil,
                vibrato: Vibrato(depthCents: 0, rate: 0, phase: 0))
        }
    }

    struct NoteLimits: Decodable, Sendable {
        let medianAbsoluteErrorCents: Double
        let worstAbsoluteErrorCents: Double
        let commitSeconds: [Double]
    }

    struct Limits: Decodable, Sendable {
        let medianAbsoluteErrorCents: Double
        let octaveErrorCents: Double
        let minimumVoicedFraction: Double
    }

    struct Vibrato: Decodable, Sendable {
        let depthCents: Double
        let rate: Double
        let phase: Double
    }

    struct Fixture: Decodable, Sendable, CustomTestStringConvertible {
        let file: String
        let family: String
        let expectedFrequency: Double?
        let steady: [Double]?
        let vibrato: Vibrato

        var testDescription: String { file }

        /// The pitch the file sings at `time`, in cents from `expectedFrequency`.
        func contourCents(at time: Double) -> Double {
            vibrato.depthCents * sin(2 * .pi * vibrato.rate * time + vibrato.phase)
        }
    }

    static let directory: URL = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let directory = root.appendingPathComponent(".build/voice-fixtures")
        let script = root.appendingPathComponent("scripts/make_voice_fixtures.py")
        let manifest = directory.appendingPathComponent("manifest.json")
        let scriptDate = (try? script.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
        let manifestDate = (try? manifest.resourceValues(forKeys: [.contentModificationDateKey]))?
            .contentModificationDate
        if manifestDate == nil || (scriptDate ?? .distantPast) > manifestDate! {
            let venv = root.appendingPathComponent(".venv-e2e/bin/python").path
            let process = Process()
            process.executableURL = URL(
                fileURLWithPath: FileManager.default.isExecutableFile(atPath: venv)
                    ? venv : "/usr/bin/python3")
            process.arguments = [script.path, directory.path]
            try! process.run()
            process.waitUntilExit()
            precondition(process.terminationStatus == 0, "make_voice_fixtures.py failed")
        }
        return directory
    }()

    static let manifest: Manifest = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("manifest.json"))
        return try! JSONDecoder().decode(Manifest.self, from: data)
    }()

    static func samples(_ fixture: Fixture) -> [Float] {
        try! WAVFile(decoding: Data(contentsOf: directory.appendingPathComponent(fixture.file))).samples
    }
}
