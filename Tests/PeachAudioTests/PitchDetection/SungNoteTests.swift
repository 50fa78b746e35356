import Foundation
import PeachCore
import Testing

@testable import PeachAudio

/// What Sing It stores from a whole held note (the detector through `PitchTracker`, then the commit
/// rule), on the manifest's `notes`: wide vibrato, a scoop into the note, an "oo" whose harmonic 2
/// dominates, alternating cycles, a bright brass-like tone at 44.1 and 48 kHz. The browser's detector and rule meet the same limits on the same
/// files (`Tests/e2e/test_sung_notes_js.py`); `bash scripts/bench.sh pitch` prints the table.
struct SungNoteTests {
    struct Stored: Sendable {
        let note: VoiceFixtures.Note
        let cents: Double?
        let seconds: Double?
    }

    /// Every note, committed once for all the tests below.
    static let stored: [Stored] = VoiceFixtures.manifest.notes.map(commit)
    static let hard: [Stored] = VoiceFixtures.manifest.hardVoices.map(commit)

    /// What `peach sing` stores from `note`: its frames every 1024 samples through the commit rule.
    static func commit(_ note: VoiceFixtures.Note) -> Stored {
        let samples = VoiceFixtures.samples(note.fixture)
        let rate = note.sampleRate ?? VoiceFixtures.manifest.sampleRate
        var tracker = PitchTracker(sampleRate: rate)
        var steady = SteadyPitch()
        let target = Frequency(note: MIDINote(note.target)!)
        // A held note commits about 1.45 s after its onset (0.25 s): the rest of the file is not analysed.
        let sent = samples.prefix(Int(2.4 * rate))
        let heard = sent.withUnsafeBufferPointer { tracker.append($0, startingAt: 0) }
        let frameSeconds = Double(tracker.detector.frameLength) / rate
        for frame in heard {
            if let held = steady.push(time: frame.time, cents: frame.frequency.map { $0.cents(from: target).rawValue })
            {
                return Stored(note: note, cents: held, seconds: frame.time + frameSeconds - note.onset)
            }
        }
        return Stored(note: note, cents: nil, seconds: nil)
    }

    /// The octave stored is the one a listener names (the pulses' rate: `PitchDetector.heardDip`),
    /// for diplophonic voices from G2 to A4, a hum an octave below, a weak fundamental and a bright
    /// brass-like tone swept across B♭4, each at 44.1 and 48 kHz; the cents as precise as any note's.
    /// The browser stores the same from the same frames (`Tests/e2e/test_sung_notes_js.py`).
    @Test(arguments: VoiceFixtures.manifest.hardVoices)
    func aHardVoiceIsStoredInTheOctaveAListenerNames(_ note: VoiceFixtures.Note) throws {
        let stored = try #require(Self.hard.first { $0.note.file == note.file })
        let cents = try #require(stored.cents, "never committed")
        let sung = try #require(SungPitch(centsFromTarget: Cents(cents)))
        #expect(sung.octave == note.sungOctave, "stored \(cents) ¢ from the target")
        let limit = VoiceFixtures.manifest.noteLimits.worstAbsoluteErrorCents
        #expect(abs(sung.error.rawValue - note.offsetCents) <= limit, "stored \(cents) ¢ from the target")
    }

    @Test func theHardVoicesKeepTheCentsMedianOfEveryFamily() {
        let limit = VoiceFixtures.manifest.noteLimits.medianAbsoluteErrorCents
        for (family, stored) in Dictionary(grouping: Self.hard, by: \.note.family) {
            let errors = stored.map { stored in
                stored.cents.flatMap { SungPitch(centsFromTarget: Cents($0)) }
                    .map { abs($0.error.rawValue - stored.note.offsetCents) } ?? .infinity
            }.sorted()
            let median = (errors[(errors.count - 1) / 2] + errors[errors.count / 2]) / 2
            #expect(median <= limit, "\(family): median \(median) ¢")
        }
    }

    @Test func everyFamilyIsThere() {
        let families = Set(Self.stored.map(\.note.family))
        #expect(families == ["vibrato-wide", "scoop", "narrow-oo", "diplophonia", "bright-brass"])
    }

    @Test func theStoredErrorsMeetTheLimitsAndTheOctaveIsRight() throws {
        let limits = VoiceFixtures.manifest.noteLimits
        var errors: [String: [Double]] = [:]
        for stored in Self.stored {
            let cents = try #require(stored.cents, "\(stored.note.file): never committed")
            let sung = try #require(SungPitch(centsFromTarget: Cents(cents)))
            #expect(sung.octave == stored.note.sungOctave, "\(stored.note.file): octave \(sung.octave)")
            let error = abs(sung.error.rawValue - stored.note.offsetCents)
            #expect(error <= limits.worstAbsoluteErrorCents, "\(stored.note.file): \(error) ¢")
            errors[stored.note.family, default: []].append(error)
        }
        // Each family on its own: a family's bias cannot hide behind the others' precision.
        for (family, errors) in errors {
            let sorted = errors.sorted()
            let median = (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
            #expect(median <= limits.medianAbsoluteErrorCents, "\(family): median \(median) ¢")
        }
    }

    @Test func aHeldNoteCommitsAsSoonAsBefore() {
        let window = VoiceFixtures.manifest.noteLimits.commitSeconds
        for stored in Self.stored where stored.note.family == "vibrato-wide" {
            #expect(
                stored.seconds.map { (window[0]...window[1]).contains($0) } == true,
                "\(stored.note.file): \(String(describing: stored.seconds)) s")
        }
    }
}
