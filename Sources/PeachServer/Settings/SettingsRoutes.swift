import Dispatch
import Hummingbird
import Logging
import PeachCore
import PeachServices

/// `GET /api/settings` and `PUT /api/settings` (any subset of the fields).
struct SettingsResponse: ResponseEncodable, Decodable {
    struct Choices: Codable, APIDescribed {
        let soundSources: [String]
        /// The same sounds with their preset names and whether they sustain (pitch matching).
        let sounds: [SoundChoice]
        let languages: [String]
        /// Every interval a user can choose, in the settings grid's order (no unison down).
        let intervals: [DirectedInterval]
        let tuningSystems: [String]
        /// MIDI number → scientific pitch name, so the client never names notes itself.
        let noteNames: [String: String]

        static var apiNotes: [String: APINote] {
            [
                "sounds": .describe(
                    "The sound sources with their SoundFont preset names; pitch matching is offered only with sounds that sustain"
                ),
                "noteNames": .describe("MIDI number (21–108) → note name, e.g. \"60\": \"C4\""),
                "languages": .as([InterfaceLanguage].self),
                "tuningSystems": .as([TuningSystem].self),
            ]
        }
    }

    /// `[lower, upper]` of each numeric setting.
    struct Ranges: Codable {
        let noteRange: [Int]
        let minimumNoteSpan: Int
        let noteDurationSeconds: [Double]
        let referencePitchHz: [Double]
        let varyLoudness: [Double]
        let noteGapSeconds: [Double]
        let centDifference: [Double]
        let intervalMatchingCentRange: [Double]
        let tempoBPM: [Int]
    }

    let settings: SettingsUpdate
    let choices: Choices
    let ranges: Ranges
    /// The kinds' own settings as the Settings screen draws them: a group each, its fields' controls,
    /// choices and labels (translation keys), drawn for the current values.
    let groups: [SettingsGroup]

    init(_ settings: PeachSettings, sounds: [SoundChoice]) {
        self.settings = SettingsUpdate(settings)
        choices = Choices(
            soundSources: [SoundSource.unchosen] + sounds.map(\.id), sounds: sounds,
            languages: InterfaceLanguage.allCases.map(\.rawValue),
            intervals: DirectedInterval.all, tuningSystems: TuningSystem.allCases.map(\.rawValue),
            noteNames: Dictionary(uniqueKeysWithValues: NoteRange.pianoRange.map { (String($0), MIDINote($0)!.name) }))
        groups = TrainingKinds.ownSettings.map { settings.training.form(of: $0) }
        let bounds = { (range: ClosedRange<Double>) in [range.lowerBound, range.upperBound] }
        ranges = Ranges(
            noteRange: [NoteRange.pianoRange.lowerBound, NoteRange.pianoRange.upperBound],
            minimumNoteSpan: NoteRange.minimumSpan,
            noteDurationSeconds: bounds(TrainingSettings.noteDurationRange),
            referencePitchHz: bounds(ReferencePitch.allowedHertz),
            varyLoudness: bounds(TrainingSettings.varyLoudnessRange),
            noteGapSeconds: bounds(TrainingSettings.noteGapRange),
            centDifference: bounds(TrainingSettings.centDifferenceRange),
            intervalMatchingCentRange: bounds(TrainingSettings.intervalMatchingRangeLimits),
            tempoBPM: [TempoBPM.range.lowerBound, TempoBPM.range.upperBound])
    }
}

struct SettingsRoutes: RouteTable {
    let service: SettingsService
    let sounds: [SoundChoice]
    var sampler: (any NoteSampler)?
    let logger: Logger

    init(_ services: AppServices) {
        service = services.settings
        sounds = services.sounds
        sampler = services.sampler
        logger = services.logger
    }

    static var routes: [Route<Self>] {
        [
            Route(
                .get, "settings", "getSettings", "The current settings, the choices and every field's range",
                returns: "Settings.", Self.current),
            Route(
                .put, "settings", "updateSettings",
                "Change any subset of the settings; applies to the next trial and persists at once",
                returns: "The settings after the change.", errors: [.error(.serviceUnavailable)], Self.update),
        ]
    }

    func current(_: Input<NoBody>) async -> SettingsResponse { SettingsResponse(await service.current, sounds: sounds) }

    func update(_ input: Input<SettingsUpdate>) async throws -> SettingsResponse {
        let update = input.body
        // A well-formed sound this server does not have (no SoundFont, or not this preset).
        if let sound = update.soundSource, SoundSource(rawValue: sound) != nil,
            !sounds.contains(where: { $0.id == sound })
        {
            throw HTTPError(
                .badRequest, message: "soundSource: this server has no sound '\(sound)'; it has \(sounds.map(\.id))")
        }
        do throws(SettingsService.UpdateError) {
            let response = SettingsResponse(try await service.update(update), sounds: sounds)
            if let sound = update.soundSource, let sampler {
                // On a Dispatch thread, not Swift's executor: loading blocks for as long as decoding takes.
                DispatchQueue.global(qos: .userInitiated).async { sampler.prepare(sound: sound) }
            }
            return response
        } catch {
            switch error {
            case .invalid(let problem): throw HTTPError(.badRequest, message: problem.description)
            case .notSaved(let problem): throw problem.unavailable("the settings were not saved", logger: logger)
            }
        }
    }
}
