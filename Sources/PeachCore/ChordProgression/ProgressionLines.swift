/// What `peach progressions` says, in English or in German, in the page's words where the page says
/// the same (answer-numerals.js, answer-progression.js): the numerals are the same in both, the keys
/// are named as each language names them (Es-Dur), the common progressions too (12-taktiger Blues).
public struct ProgressionLines: Sendable {
    public let language: NoteNameLanguage

    public init(_ language: NoteNameLanguage) { self.language = language }

    private func say(_ english: String, _ german: String) -> String { language == .german ? german : english }

    /// The first line: what to do, and how to quit.
    public func introduction(common: Bool, keyboard: Bool) -> String {
        let played =
            keyboard
            ? say(
                ", or play them on the keyboard (- takes back the last chord)",
                " oder spiele sie auf dem Keyboard (- nimmt den letzten Akkord zurück)") : ""
        return common
            ? say(
                "Common progressions: a cadence, then a progression. Name it (its number, its name or its numerals) and Enter\(played); q quits.",
                "Bekannte Akkordfolgen: eine Kadenz, dann eine Akkordfolge. Benenne sie (ihre Nummer, ihren Namen oder ihre Stufen) und Enter\(played); q beendet."
            )
            : say(
                "Chord progressions: a cadence, then the chords. Name each (I IV V I, or 1 4 5 1; 8 for V7) and Enter\(played); q quits.",
                "Akkordfolgen: eine Kadenz, dann die Akkorde. Benenne jeden (I IV V I oder 1 4 5 1; 8 für V7) und Enter\(played); q beendet."
            )
    }

    /// A trial as it is drawn: its key, how many chords (and whether some may be inverted), and the
    /// numerals to name them with and their keys; or the common progressions to name it by.
    public func announcement(_ trial: ChordProgressionTrial) -> String {
        let key = MusicalKey(tonic: trial.tonic, mode: trial.mode).name(in: language)
        if !trial.progressions.isEmpty {
            return say("Key: \(key). Choose from ", "Tonart: \(key). Wähle aus ") + listed(trial.progressions) + "."
        }
        let choices = trial.choices.map { "\($0.rawValue) (\($0.key))" }.joined(separator: " ")
        let count = trial.progression.count
        return trial.inversions
            ? say(
                "Key: \(key); \(count) chords, inversions too. Choose from \(choices).",
                "Tonart: \(key); \(count) Akkorde, auch Umkehrungen. Wähle aus \(choices).")
            : say(
                "Key: \(key); \(count) chords. Choose from \(choices).",
                "Tonart: \(key); \(count) Akkorde. Wähle aus \(choices).")
    }

    /// A line typed before the progression has played.
    public var early: String {
        say("Wait for the progression, then name its chords.", "Warte auf die Akkordfolge, dann benenne ihre Akkorde.")
    }

    /// Enter on an empty line, with chords played on the keyboard.
    public var startAgain: String {
        say(
            "Play the progression again from its first chord.",
            "Spiele die Akkordfolge noch einmal vom ersten Akkord an.")
    }

    /// A line of "-" after chords played: the last taken back, and those named still.
    public func tookBack(_ numerals: [RomanNumeral], trial: ChordProgressionTrial) -> String {
        guard !numerals.isEmpty else {
            return say("Took back the last chord; none is named.", "Letzten Akkord zurückgenommen; keiner ist genannt.")
        }
        let count =
            trial.progressions.isEmpty ? " (\(numerals.count) \(say("of", "von")) \(trial.progression.count))" : ""
        return say("Took back the last chord: ", "Letzten Akkord zurückgenommen: ")
            + "\(Progression(numerals))\(count)."
    }

    /// Why a typed line names no common progression of the trial's.
    public func noneOf(_ line: String, _ progressions: [CommonProgression]) -> String {
        say("\(line) is none of ", "\(line) ist keine von ") + listed(progressions)
            + say(": type it again.", ": tippe sie noch einmal.")
    }

    /// Why a typed line names no progression of the trial's length.
    public func refusal(_ problem: TypedProgressionError, choices: [RomanNumeral]) -> String {
        switch problem {
        case .empty:
            say("Type a numeral for each chord.", "Tippe eine Stufe für jeden Akkord.")
        case .unknown(let token):
            say("\(token) is none of ", "\(token) ist keine von ")
                + choices.map { "\($0.rawValue) (\($0.key))" }.joined(separator: ", ")
                + say(": type them again.", ": tippe sie noch einmal.")
        }
    }

    /// A typed progression of another length than the one played.
    public func wrongLength(_ named: Int, of played: Int) -> String {
        say(
            "The progression has \(played) chords, not \(named): type them again.",
            "Die Akkordfolge hat \(played) Akkorde, nicht \(named): tippe sie noch einmal.")
    }

    /// What a chord played did, in one line: the numerals named so far, or why it named none.
    public func said(_ step: PlayedProgression.Step, trial: ChordProgressionTrial, offered: [RomanNumeral]) -> String {
        let again = say("Enter starts again", "Enter beginnt von vorn")
        return switch step {
        case .named(let numerals) where trial.progressions.isEmpty:
            say("Played", "Gespielt:")
                + " \(Progression(numerals)) (\(numerals.count) \(say("of", "von")) \(trial.progression.count); \(again))."
        case .named(let numerals): say("Played", "Gespielt:") + " \(Progression(numerals)) (\(again))."
        case .answered(let answer): say("Played", "Gespielt:") + " \(answer)."
        case .noNumeral:
            say("That chord is none of ", "Dieser Akkord ist keiner von ")
                + offered.map(\.rawValue).joined(separator: " ") + say(": play it again.", ": spiele ihn noch einmal.")
        case .noProgression(let numerals):
            say("\(Progression(numerals)) begins none of ", "\(Progression(numerals)) beginnt keine von ")
                + listed(trial.progressions)
                + say(": play it again from its first chord.", ": spiele sie noch einmal vom ersten Akkord an.")
        }
    }

    /// Each numeral named, marked right or wrong (a right one as the chord played: V⁶), then the
    /// chords played where one was wrong; a common progression by its name.
    public func judgement(_ record: CompletedChordProgression) -> String {
        if let named = record.named {
            let played = named.played.name(in: language)
            return record.isCorrect
                ? "✓ \(played)"
                : "✗\u{07} " + say("it was \(played), not ", "es war \(played), nicht ")
                    + named.answered.name(in: language)
        }
        let played = record.chordNames
        let marks = zip(record.answer.numerals, zip(played, record.chordsCorrect)).map { named, chord in
            chord.1 ? "\(chord.0)✓" : "\(named.rawValue)✗"
        }.joined(separator: " ")
        return record.isCorrect
            ? "✓ \(marks)" : "✗\u{07} \(marks) — " + say("it was ", "es war ") + played.joined(separator: " ")
    }

    /// Each common progression offered with the number that names it.
    public func listed(_ progressions: [CommonProgression]) -> String {
        progressions.enumerated().map { "\($0 + 1) \($1.name(in: language))" }.joined(separator: " · ")
    }
}
