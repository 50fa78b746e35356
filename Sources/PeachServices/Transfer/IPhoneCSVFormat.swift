import PeachCore

/// The CSV exported by the original Peach app for iPhone and iPad, formats 1 to 3 (first line
/// `# peach-export-format:N`). Columns are found by name, so their order and any extra columns do
/// not matter. The mapping and what is assumed about it are in docs/data-format.md.
enum IPhoneCSVFormat {
    static let markerPrefix = "# peach-export-format:"
    static let versions = 1...3
    static let requiredColumns = ["trainingType", "timestamp"]

    enum Row {
        case record(TransferRecord)
        case skipped(SkipReason)
    }

    enum SkipReason: CaseIterable {
        case timingOffsetDetection

        var explanation: String {
            switch self {
            case .timingOffsetDetection: "timingOffsetDetection rows (their fields are not known; they were left out)"
            }
        }
    }

    /// Format 1 called pitch discrimination `pitchComparison`; format 2 renamed it, and format 3
    /// renamed `rhythmMatching` to `continuousRhythmMatching`.
    private static let discrimination: Set<String> = ["pitchDiscrimination", "pitchComparison"]
    private static let matching = "pitchMatching"
    /// Compare Timing: the click's signed offset in milliseconds at the row's tempo.
    private static let compareTiming = "rhythmOffsetDetection"
    /// Fill the Gap: 16 cycles with a gap each, their mean offset overall and per position.
    private static let continuousRhythmMatching = "continuousRhythmMatching"
    /// Format 2's one-tap rhythm matching (three clicks, the user taps the fourth): its one offset.
    private static let rhythmMatching = "rhythmMatching"
    private static let timingOffsetDetection = "timingOffsetDetection"
    private static var known: Set<String> {
        discrimination.union([matching, compareTiming, continuousRhythmMatching, rhythmMatching, timingOffsetDetection])
    }

    static func checkHeader(_ columns: [String: Int], line: Int) throws(ImportError) {
        if let missing = requiredColumns.first(where: { columns[$0] == nil }) {
            throw ImportError(line: line, "the header lacks column '\(missing)'")
        }
    }

    static func row(_ reader: FieldReader) throws(ImportError) -> Row {
        let type = reader.text("trainingType")
        let timestamp = try reader.timestamp("timestamp")
        if type == timingOffsetDetection { return .skipped(.timingOffsetDetection) }
        if type == compareTiming { return .record(try Self.compareTimingRecord(reader, at: timestamp)) }
        if type == continuousRhythmMatching { return .record(try Self.fillTheGapRecord(reader, at: timestamp)) }
        if type == rhythmMatching { return .record(try Self.oneTapRecord(reader, at: timestamp)) }
        guard discrimination.contains(type) || type == matching else {
            throw reader.fail("trainingType", "is not one of \(known.sorted().joined(separator: ", "))")
        }
        let reference = try reader.midiNote("referenceNote")
        let target = try reader.midiNote("targetNote")
        let interval = try Self.interval(reader, from: reference, to: target)
        // A unison row stays a pitch row whatever tuning it names: unison sounds the same in each.
        let discipline = Discipline(kind: type == matching ? .matching : .comparison, intervals: interval != .unison)
        let tuning = interval == .unison ? .equalTemperament : try Self.tuning(reader)
        if type == matching {
            return .record(
                TransferRecord(
                    CompletedPitchMatching(
                        referenceNote: reference, initialCentOffset: try reader.cents("initialCentOffset"),
                        userCentError: try reader.cents("userCentError"), timestamp: timestamp.date,
                        discipline: discipline,
                        interval: interval, tuningSystem: tuning)))
        }
        return .record(
            TransferRecord(
                CompletedComparison(
                    note1: reference, note2: target, note2CentOffset: try reader.cents("centOffset"),
                    isCorrect: try reader.boolean("isCorrect"),
                    timestamp: timestamp.date, discipline: discipline, interval: interval, tuningSystem: tuning)))
    }

    /// Peach stores the offset in percent of a sixteenth, the unit its difficulty chain works in.
    private static func compareTimingRecord(_ reader: FieldReader, at timestamp: MillisecondTimestamp)
        throws(ImportError) -> TransferRecord
    {
        let tempo = try reader.tempo("tempoBPM")
        let milliseconds = try reader.number(
            "offsetMs", within: CompletedRhythmMatching.millisecondLimit, "milliseconds")
        let percent = milliseconds / (tempo.sixteenthSeconds * 1000) * 100
        guard CompletedRhythmComparison.percentLimit.contains(percent) else {
            throw reader.fail("offsetMs", "is more than a sixteenth at \(tempo)")
        }
        return TransferRecord(
            CompletedRhythmComparison(
                tempo: tempo, offsetPercent: percent, isCorrect: try reader.boolean("isCorrect"),
                timestamp: timestamp.date))
    }

    /// The app stored no hit rate and no standard deviation (nor the taps they could be derived
    /// from): both stay nil, "not recorded".
    private static func fillTheGapRecord(_ reader: FieldReader, at timestamp: MillisecondTimestamp) throws(ImportError)
        -> TransferRecord
    {
        let limit = CompletedRhythmMatching.millisecondLimit
        var positions: [Double?] = []
        for position in 0..<RhythmMatchingTrial.sixteenthsPerCycle {
            positions.append(
                try reader.optionalNumber("meanOffsetMsPosition\(position)", within: limit, "milliseconds"))
        }
        return TransferRecord(
            CompletedRhythmMatching(
                tempo: try reader.tempo("tempoBPM"),
                meanOffsetMs: try reader.number("meanOffsetMs", within: limit, "milliseconds"),
                offsetSDMs: nil, hitRate: nil, meanOffsetMsByPosition: positions, timestamp: timestamp.date))
    }

    /// One tap is its own mean; it has no standard deviation, and the app judged no hit or miss (any
    /// tap counted) and kept no position, as its own format 3 migration does with these rows.
    private static func oneTapRecord(_ reader: FieldReader, at timestamp: MillisecondTimestamp) throws(ImportError)
        -> TransferRecord
    {
        TransferRecord(
            CompletedRhythmMatching(
                tempo: try reader.tempo("tempoBPM"),
                meanOffsetMs: try reader.number(
                    "userOffsetMs", within: CompletedRhythmMatching.millisecondLimit, "milliseconds"),
                offsetSDMs: nil, hitRate: nil,
                meanOffsetMsByPosition: Array(repeating: nil, count: RhythmMatchingTrial.sixteenthsPerCycle),
                timestamp: timestamp.date))
    }

    /// The target note decides the direction and size; the abbreviation must agree with it (empty
    /// is allowed for unison, as format 1 wrote it).
    private static func interval(_ reader: FieldReader, from reference: MIDINote, to target: MIDINote)
        throws(ImportError) -> DirectedInterval
    {
        let name = reader.text("interval")
        let distance = target.rawValue - reference.rawValue
        if distance == 0, name.isEmpty || name == "P1" { return .unison }
        guard let interval = Interval(rawValue: name) else {
            throw reader.fail("interval", "is not one of \(Interval.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard interval.semitones == abs(distance), let directed = DirectedInterval(interval, distance < 0 ? .down : .up)
        else {
            throw reader.fail(
                "interval", "does not span referenceNote \(reference.rawValue) to targetNote \(target.rawValue)")
        }
        return directed
    }

    private static func tuning(_ reader: FieldReader) throws(ImportError) -> TuningSystem {
        let name = reader.text("tuningSystem")
        if name.isEmpty { return .equalTemperament }
        guard let tuning = TuningSystem(rawValue: name) else {
            throw reader.fail("tuningSystem", "is not equalTemperament or justIntonation")
        }
        return tuning
    }
}
