/// What every record says besides its kind's own fields: which discipline, interval and tuning it
/// was trained in (a kind without intervals: unison in equal temperament). Stored as text columns
/// beside every record table's fields, so a row reads plainly in any SQL tool.
public struct RecordLabels: Hashable, Sendable {
    /// The store's and the CSV's label columns, in this order.
    public static let columns = ["discipline", "interval", "direction", "tuningSystem"]

    public var discipline: Discipline
    public var interval: DirectedInterval
    public var tuningSystem: TuningSystem

    public init(
        discipline: Discipline, interval: DirectedInterval = .unison, tuningSystem: TuningSystem = .equalTemperament
    ) {
        self.discipline = discipline
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    /// The columns' text, in `columns` order.
    public var texts: [String] {
        [discipline.rawValue, interval.interval.rawValue, interval.direction.rawValue, tuningSystem.rawValue]
    }

    /// The stored text back as types; a value no version of Peach writes is a damaged row.
    public init(discipline: String, interval: String, direction: String, tuningSystem: String) throws(DataStoreError) {
        guard let parsedDiscipline = Discipline(rawValue: discipline),
            let name = Interval(rawValue: interval), let way = IntervalDirection(rawValue: direction),
            let directed = DirectedInterval(name, way), let tuning = TuningSystem(rawValue: tuningSystem)
        else {
            throw .fetchFailed(
                "a stored record has unknown labels \(discipline)/\(interval)/\(direction)/\(tuningSystem)")
        }
        self.init(discipline: parsedDiscipline, interval: directed, tuningSystem: tuning)
    }
}
