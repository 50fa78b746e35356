/// A change to some settings, as raw values from outside (the API, the stored row). Applying it
/// validates every field against its range and names the first one that is out of bounds.
///
/// The settings several kinds read are fields of `Shared`; a kind's own settings (`KindSettings`)
/// arrive as raw values by name, written flat beside them, so the JSON is one object either way.
@dynamicMemberLookup
public struct SettingsUpdate: Hashable, Sendable, Codable {
    public struct Shared: Hashable, Sendable, Codable {
        public var noteRangeLower: Int?
        public var noteRangeUpper: Int?
        public var noteDurationSeconds: Double?
        public var referencePitchHz: Double?
        public var soundSource: String?
        public var varyLoudness: Double?
        public var noteGapSeconds: Double?
        public var minCentDifference: Double?
        public var maxCentDifference: Double?
        public var language: String?
        public var intervals: [IntervalChoice]?
        public var tuningSystem: String?
        public var intervalMatchingCentRange: Double?
        public var voiceRangeLower: Int?
        public var voiceRangeUpper: Int?
        public var pitchNeedle: Bool?
        public var tempoBPM: Int?
    }

    public var shared: Shared
    /// The kinds' own settings changed, by name.
    public var kindValues: [String: SettingValue] = [:]

    public subscript<Value>(dynamicMember field: WritableKeyPath<Shared, Value>) -> Value {
        get { shared[keyPath: field] }
        set { shared[keyPath: field] = newValue }
    }

    /// One interval as it arrives from outside: `{"name": "P5", "direction": "up"}`.
    public struct IntervalChoice: Hashable, Sendable, Codable {
        public var name: String
        public var direction: String?

        public init(name: String, direction: String? = nil) {
            self.name = name
            self.direction = direction
        }

        public init(_ interval: DirectedInterval) {
            self.init(name: interval.interval.rawValue, direction: interval.direction.rawValue)
        }
    }

    public init(
        noteRangeLower: Int? = nil, noteRangeUpper: Int? = nil, noteDurationSeconds: Double? = nil,
        referencePitchHz: Double? = nil, soundSource: String? = nil, varyLoudness: Double? = nil,
        noteGapSeconds: Double? = nil, minCentDifference: Double? = nil, maxCentDifference: Double? = nil,
        language: String? = nil, intervals: [IntervalChoice]? = nil, tuningSystem: String? = nil,
        intervalMatchingCentRange: Double? = nil, voiceRangeLower: Int? = nil, voiceRangeUpper: Int? = nil,
        pitchNeedle: Bool? = nil, tempoBPM: Int? = nil, kindValues: [String: SettingValue] = [:]
    ) {
        shared = Shared(
            noteRangeLower: noteRangeLower, noteRangeUpper: noteRangeUpper, noteDurationSeconds: noteDurationSeconds,
            referencePitchHz: referencePitchHz, soundSource: soundSource, varyLoudness: varyLoudness,
            noteGapSeconds: noteGapSeconds,
            minCentDifference: minCentDifference, maxCentDifference: maxCentDifference, language: language,
            intervals: intervals,
            tuningSystem: tuningSystem, intervalMatchingCentRange: intervalMatchingCentRange,
            voiceRangeLower: voiceRangeLower,
            voiceRangeUpper: voiceRangeUpper, pitchNeedle: pitchNeedle, tempoBPM: tempoBPM)
        self.kindValues = kindValues
    }

    /// The full description of `settings`, so that storing it and applying it back is lossless.
    public init(_ settings: PeachSettings) {
        let training = settings.training
        self.init(
            noteRangeLower: training.noteRange.lower.rawValue, noteRangeUpper: training.noteRange.upper.rawValue,
            noteDurationSeconds: training.noteDurationSeconds,
            referencePitchHz: training.referencePitch.frequency.hertz,
            soundSource: training.soundSource?.rawValue ?? SoundSource.unchosen, varyLoudness: training.varyLoudness,
            noteGapSeconds: training.noteGapSeconds, minCentDifference: training.minCentDifference.rawValue,
            maxCentDifference: training.maxCentDifference.rawValue, language: settings.language.rawValue,
            intervals: training.intervals.map(IntervalChoice.init), tuningSystem: training.tuningSystem.rawValue,
            intervalMatchingCentRange: training.intervalMatchingRange.rawValue,
            voiceRangeLower: training.voiceRange.lowerBound.rawValue,
            voiceRangeUpper: training.voiceRange.upperBound.rawValue,
            pitchNeedle: training.pitchNeedle, tempoBPM: training.tempo.rawValue,
            kindValues: TrainingKinds.ownSettings.reduce(into: [:]) { values, type in
                values.merge(training.values(of: type)) { $1 }
            })
    }

    /// The names of every kind's own settings: what is read beside the shared fields.
    private static let kindNames = TrainingKinds.ownSettingFields.map(\.name)

    private struct Name: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        shared = try Shared(from: decoder)
        let named = try decoder.container(keyedBy: Name.self)
        for name in Self.kindNames {
            if let value = try named.decodeIfPresent(SettingValue.self, forKey: Name(stringValue: name)) {
                kindValues[name] = value
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try shared.encode(to: encoder)
        var named = encoder.container(keyedBy: Name.self)
        for (name, value) in kindValues.sorted(by: { $0.key < $1.key }) {
            try named.encode(value, forKey: Name(stringValue: name))
        }
    }
}

extension TrainingSettings {
    /// A kind's own settings as raw values by name.
    fileprivate func values(of type: any KindSettings.Type) -> [String: SettingValue] {
        func values<Settings: KindSettings>(_ type: Settings.Type) -> [String: SettingValue] { self[type].values }
        return values(type)
    }

    /// `changes` applied to a kind's own settings.
    fileprivate mutating func apply(_ changes: [String: SettingValue], to type: any KindSettings.Type)
        throws(SettingsError)
    {
        func apply<Settings: KindSettings>(_ type: Settings.Type) throws(SettingsError) {
            self[type] = try self[type].applying(changes)
        }
        try apply(type)
    }
}

public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    public let field: String
    public let message: String

    public var description: String { "\(field): \(message)" }
}

extension PeachSettings {
    public func applying(_ update: SettingsUpdate) throws(SettingsError) -> PeachSettings {
        var training = self.training

        let lower = update.noteRangeLower ?? training.noteRange.lower.rawValue
        let upper = update.noteRangeUpper ?? training.noteRange.upper.rawValue
        do {
            training.noteRange = try NoteRange(lower: lower, upper: upper)
        } catch {
            let field: String
            switch error {
            case .outsidePiano: field = NoteRange.pianoRange.contains(lower) ? "noteRangeUpper" : "noteRangeLower"
            case .tooNarrow: field = update.noteRangeUpper != nil ? "noteRangeUpper" : "noteRangeLower"
            }
            throw SettingsError(field: field, message: error.description)
        }

        training.noteDurationSeconds =
            try checked(
                update.noteDurationSeconds, "noteDurationSeconds", TrainingSettings.noteDurationRange, unit: "s")
            ?? training.noteDurationSeconds
        if let hertz = try checked(update.referencePitchHz, "referencePitchHz", ReferencePitch.allowedHertz, unit: "Hz")
        {
            training.referencePitch = ReferencePitch(hertz: hertz)!
        }
        if let name = update.soundSource {
            guard name == SoundSource.unchosen || SoundSource(rawValue: name) != nil else {
                throw SettingsError(
                    field: "soundSource",
                    message:
                        "must be \(SoundSource.unchosen), one of \(SoundSource.named.map(\.rawValue)) or preset-BANK-PROGRAM, got '\(name)'"
                )
            }
            training.soundSource = SoundSource(rawValue: name)
        }
        training.varyLoudness =
            try checked(update.varyLoudness, "varyLoudness", TrainingSettings.varyLoudnessRange, unit: "")
            ?? training.varyLoudness
        training.noteGapSeconds =
            try checked(update.noteGapSeconds, "noteGapSeconds", TrainingSettings.noteGapRange, unit: "s")
            ?? training.noteGapSeconds
        if let minimum = try checked(
            update.minCentDifference, "minCentDifference", TrainingSettings.centDifferenceRange, unit: "¢")
        {
            training.minCentDifference = Cents(minimum)
        }
        if let maximum = try checked(
            update.maxCentDifference, "maxCentDifference", TrainingSettings.centDifferenceRange, unit: "¢")
        {
            training.maxCentDifference = Cents(maximum)
        }
        guard training.minCentDifference <= training.maxCentDifference else {
            throw SettingsError(
                field: update.maxCentDifference != nil ? "maxCentDifference" : "minCentDifference",
                message:
                    "minCentDifference (\(training.minCentDifference.rawValue)) must not exceed maxCentDifference (\(training.maxCentDifference.rawValue))"
            )
        }

        if let choices = update.intervals {
            training.intervals = try Self.intervals(choices)
        }
        if let name = update.tuningSystem {
            guard let tuning = TuningSystem(rawValue: name) else {
                throw SettingsError(
                    field: "tuningSystem",
                    message: "must be one of \(TuningSystem.allCases.map(\.rawValue)), got '\(name)'")
            }
            training.tuningSystem = tuning
        }
        if let range = try checked(
            update.intervalMatchingCentRange, "intervalMatchingCentRange", TrainingSettings.intervalMatchingRangeLimits,
            unit: "¢")
        {
            training.intervalMatchingRange = Cents(range)
        }

        let voiceLower = update.voiceRangeLower ?? training.voiceRange.lowerBound.rawValue
        let voiceUpper = update.voiceRangeUpper ?? training.voiceRange.upperBound.rawValue
        for (field, note) in [("voiceRangeLower", voiceLower), ("voiceRangeUpper", voiceUpper)]
        where !NoteRange.pianoRange.contains(note) {
            throw SettingsError(
                field: field,
                message:
                    "must be a MIDI note from \(NoteRange.pianoRange.lowerBound) to \(NoteRange.pianoRange.upperBound), got \(note)"
            )
        }
        guard voiceLower <= voiceUpper else {
            throw SettingsError(
                field: update.voiceRangeUpper != nil ? "voiceRangeUpper" : "voiceRangeLower",
                message: "voiceRangeLower (\(voiceLower)) must not be above voiceRangeUpper (\(voiceUpper))")
        }
        training.voiceRange = MIDINote(voiceLower)!...MIDINote(voiceUpper)!
        training.pitchNeedle = update.pitchNeedle ?? training.pitchNeedle
        if let bpm = update.tempoBPM {
            guard let tempo = TempoBPM(bpm) else {
                throw SettingsError(
                    field: "tempoBPM",
                    message:
                        "must be a whole number from \(TempoBPM.range.lowerBound) to \(TempoBPM.range.upperBound) BPM, got \(bpm)"
                )
            }
            training.tempo = tempo
        }
        for type in TrainingKinds.ownSettings {
            try training.apply(update.kindValues, to: type)
        }

        var language = self.language
        if let code = update.language {
            guard let chosen = InterfaceLanguage(rawValue: code) else {
                throw SettingsError(
                    field: "language",
                    message: "must be one of \(InterfaceLanguage.allCases.map(\.rawValue)), got '\(code)'")
            }
            language = chosen
        }
        return PeachSettings(training: training, language: language)
    }

    /// At least one, each a known interval with a direction (unison only up), no repeats.
    private static func intervals(_ choices: [SettingsUpdate.IntervalChoice]) throws(SettingsError)
        -> [DirectedInterval]
    {
        guard !choices.isEmpty else {
            throw SettingsError(field: "intervals", message: "must hold at least one interval")
        }
        var chosen: [DirectedInterval] = []
        for choice in choices {
            guard let interval = Interval(rawValue: choice.name) else {
                throw SettingsError(
                    field: "intervals", message: "'\(choice.name)' is not one of \(Interval.allCases.map(\.rawValue))")
            }
            let directionName = choice.direction ?? IntervalDirection.up.rawValue
            guard let direction = IntervalDirection(rawValue: directionName) else {
                throw SettingsError(field: "intervals", message: "direction must be up or down, got '\(directionName)'")
            }
            guard let directed = DirectedInterval(interval, direction) else {
                throw SettingsError(field: "intervals", message: "unison (P1) has no direction down")
            }
            if !chosen.contains(directed) { chosen.append(directed) }
        }
        return chosen
    }

    private func checked(
        _ value: Double?, _ field: String, _ range: ClosedRange<Double>, unit: String
    ) throws(SettingsError) -> Double? {
        guard let value else { return nil }
        // NaN fails `contains`, so it is rejected like any out-of-range value.
        guard range.contains(value) else {
            throw SettingsError(
                field: field,
                message:
                    "must be from \(range.lowerBound.formatted()) to \(range.upperBound.formatted())\(unit.isEmpty ? "" : " \(unit)"), got \(value)"
            )
        }
        return value
    }
}

extension Double {
    fileprivate func formatted() -> String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
