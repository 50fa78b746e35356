import PeachCore

/// The columns every record table shares since schema v4: which discipline, interval and tuning
/// a record was trained in, stored as text so a row reads plainly in any SQL tool. Shared with the
/// PostgreSQL store (package access), so both backends read labels alike.
package struct RecordLabels: Hashable, Sendable {
    package static let columns = ["discipline", "interval", "direction", "tuningSystem"]

    package var discipline: Discipline
    package var interval: DirectedInterval
    package var tuningSystem: TuningSystem

    package var tuple: (String, String, String, String) {
        (discipline.rawValue, interval.interval.rawValue, interval.direction.rawValue, tuningSystem.rawValue)
    }

    package init(discipline: Discipline, interval: DirectedInterval, tuningSystem: TuningSystem) {
        self.discipline = discipline
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    package init(_ record: TrainingRecord) {
        switch record {
        case let .comparison(c): self.init(discipline: c.discipline, interval: c.interval, tuningSystem: c.tuningSystem)
        case let .matching(m): self.init(discipline: m.discipline, interval: m.interval, tuningSystem: m.tuningSystem)
        case .rhythmComparison, .rhythmMatching:
            self.init(discipline: record.discipline, interval: .unison, tuningSystem: .equalTemperament)
        }
    }

    /// The stored text back as types; a value no version of Peach writes is a damaged row.
    package init(discipline: String, interval: String, direction: String, tuningSystem: String) throws(DataStoreError) {
        guard let parsedDiscipline = Discipline(rawValue: discipline),
              let name = Interval(rawValue: interval), let way = IntervalDirection(rawValue: direction),
              let directed = DirectedInterval(name, way), let tuning = TuningSystem(rawValue: tuningSystem)
        else {
            throw .fetchFailed("a stored record has unknown labels \(discipline)/\(interval)/\(direction)/\(tuningSystem)")
        }
        self.init(discipline: parsedDiscipline, interval: directed, tuningSystem: tuning)
    }
}
