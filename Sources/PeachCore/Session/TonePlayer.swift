/// A note as the session asks for it to be played.
public struct Tone: Hashable, Sendable {
    public var frequency: Frequency
    public var duration: Duration
    public var level: AmplitudeDB

    public init(frequency: Frequency, duration: Duration, level: AmplitudeDB = .zero) {
        self.frequency = frequency
        self.duration = duration
        self.level = level
    }
}

/// Tones that start together, at `start` from the trial's beginning: a chord, or one note.
public struct SoundingTones: Hashable, Sendable {
    public let start: Duration
    public let tones: [Tone]

    public init(start: Duration, tones: [Tone]) {
        self.start = start
        self.tones = tones
    }
}

/// Plays a trial's tone groups on the NotePlayer port: each group started together, held for its
/// duration (or until cancelled), released. Groups may overlap (an arpeggio's notes ring on
/// together), so every start and release, and the moment answers open, is one step on a single
/// timeline: at the same moment a release comes first, answers open last (with the note that
/// opens them sounding).
public struct TonePlayer: TrialPlayer {
    private let player: any NotePlayer
    /// The clock the kind's input is stamped on (Sing It: the capture's), read as answers open.
    private let inputClock: @Sendable () -> Double

    public init(_ player: any NotePlayer, inputClock: @escaping @Sendable () -> Double = { 0 }) {
        self.player = player
        self.inputClock = inputClock
    }

    private enum Step: Comparable {
        case release(group: Int)
        case start(group: Int)
        case open
    }

    public func play(
        _ sounding: [SoundingTones], answersOpen: Duration, clock: any Clock<Duration>,
        opened: @Sendable (Double) async -> Void
    ) async throws(AudioError) {
        var steps: [(time: Duration, step: Step)] = [(answersOpen, .open)]
        for (index, group) in sounding.enumerated() {
            steps += [
                (group.start, .start(group: index)),
                (group.start + (group.tones.map(\.duration).max() ?? .zero), .release(group: index)),
            ]
        }
        steps.sort { ($0.time, $0.step) < ($1.time, $1.step) }
        var ringing: [Int: [any PlaybackHandle]] = [:]
        let sleep = clock.timeline()
        var now = Duration.zero
        for (time, step) in steps {
            if time > now {
                guard (try? await sleep(time)) != nil else { break }
                now = time
            } else if Task.isCancelled {
                break
            }
            switch step {
            case .release(let group):
                for handle in ringing.removeValue(forKey: group) ?? [] { await handle.stop() }
            case .start(let group):
                do throws(AudioError) {
                    for tone in sounding[group].tones {
                        ringing[group, default: []].append(try await player.play(tone.frequency, level: tone.level))
                    }
                } catch {
                    for handle in ringing.values.joined() { await handle.stop() }
                    throw error
                }
            case .open:
                await opened(inputClock())
            }
        }
        for handle in ringing.values.joined() { await handle.stop() }
    }

    /// Nothing is handed over ahead: cancelling `play` releases what sounds.
    public func stop() async {}
}

extension Clock where Duration == Swift.Duration {
    /// Sleeps until a time from now, not for a gap since the last wake-up: late wake-ups do not add
    /// up, and a test clock moved past several times at once ends every sleep it passed.
    func timeline() -> @Sendable (Duration) async throws -> Void {
        let start = now
        return { offset in try await sleep(until: start.advanced(by: offset), tolerance: nil) }
    }
}
