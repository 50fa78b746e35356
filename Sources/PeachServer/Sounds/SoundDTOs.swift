import PeachAudio
import PeachCore

/// With each trial: the sound to play it with. A decaying sound chosen in the settings is replaced
/// by the sine for pitch matching (the rule is PeachCore's `TrialSound`), and `insteadOf` says so.
struct TrialSoundDTO: Codable, APIDescribed {
    let id: String
    /// Its name as the settings list it (a user SoundFont's presets keep theirs): the page names what plays.
    let name: String
    let insteadOf: String?

    static var apiNotes: [String: APINote] {
        [
            "": APINote.closed.describe(
                "The sound to play this trial with. A decaying sound chosen in the settings (piano) is replaced by the sine for pitch matching; insteadOf then names it."
            ),
            "id": .describe("The sound to play this trial with: one of the settings' choices.sounds."),
            "name": .describe(
                "That sound's name in the settings' choices.sounds (the page translates the built-in ones by id)."),
            "insteadOf": .describe(
                "The sound chosen in the settings when it cannot be used here (a decaying one for pitch matching): the trial plays the sine instead."
            ),
        ]
    }

    init(chosen: SoundSource?, kind: any TrainingKind.Type, sounds: [SoundChoice]) {
        let played = TrialSound(chosen: chosen, kind: kind) { sound in
            sounds.first { $0.id == sound.rawValue }?.sustains
        }
        id = played.source.rawValue
        name = sounds.first { $0.id == played.source.rawValue }?.name ?? played.source.rawValue
        insteadOf = played.insteadOf?.rawValue
    }
}

/// The one sound definition both engines follow (PeachAudio's SynthesisSettings), sent with each
/// trial so the browser shapes its notes by it instead of restating it.
struct SynthesisDTO: Codable, APIDescribed {
    /// Attack and release: a raised cosine lasting the longer of these two.
    let rampSeconds: Double
    let rampPeriods: Double
    /// A retune: a raised cosine in log-frequency lasting this long.
    let glideSeconds: Double
    /// The level of a note at 0 dB (note 1 of a comparison, every matching note).
    let levelDB: Double

    init(_ settings: SynthesisSettings) {
        rampSeconds = settings.rampDuration.seconds
        rampPeriods = settings.rampPeriods
        glideSeconds = settings.glideDuration.seconds
        levelDB = settings.masterLevel.rawValue
    }

    static var apiNotes: [String: APINote] {
        [
            "": APINote.closed.describe(
                "How every note is shaped, in the browser as in the terminal (PeachAudio's SynthesisSettings)."),
            "rampSeconds": .describe(
                "Attack and release: a raised cosine lasting the longer of rampSeconds and rampPeriods periods of the note."
            ),
            "glideSeconds": .describe("A retune: a raised cosine in log-frequency lasting this long."),
            "levelDB": .describe("The level of a note at 0 dB (note 1 of a comparison, every matching note)."),
        ]
    }
}
