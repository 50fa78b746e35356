import Foundation

/// One answer as stored: its time, the labels every record has (`RecordLabels`) and its kind's own
/// fields. The fields are the coding keys of `Field`, in order, and nothing else lists them: the
/// store's columns (snake_cased in PostgreSQL), the CSV's columns and the API's fields all come
/// from them (`RecordRowEncoder`/`RecordRowDecoder` for the stores, the CSV and the API encode and
/// decode the same keys).
public protocol KindRecord: Hashable, Sendable, Codable {
    associatedtype Kind: TrainingKind where Kind.Record == Self
    /// The fields in column order; their raw values are their positions 0, 1, 2, … (an `Int` enum's
    /// default), which is how a row coder finds a field's column without comparing names.
    associatedtype Field: CodingKey, CaseIterable, RawRepresentable where Field.RawValue == Int
    /// Figures computed from the fields and written beside them for people reading a file or the
    /// API: never stored, and checked against the fields when a file states them.
    associatedtype Derived: DerivedFields = NoDerivedFields

    var timestamp: Date { get }
    var labels: RecordLabels { get }

    init(timestamp: Date, labels: RecordLabels, fields: KeyedDecodingContainer<Field>) throws
    func encode(fields: inout KeyedEncodingContainer<Field>) throws
    /// The fields as the API lists them (`GET /api/records`): the stored ones, unless the API has
    /// always put one another way.
    func encode(apiFields: inout KeyedEncodingContainer<Field>) throws

    var derived: Derived { get }

    /// How far a field of a file may reach: files come from anywhere, and one absurd value would
    /// poison every statistic computed from the records. Nil where the field's type bounds it.
    static func importBound(_ field: String) -> ImportBound?
    /// What a file's record must satisfy beyond each field's bounds (a stored record always does).
    func importProblem() -> RecordFieldError?
    /// Nil when a file's `stated` derived figures agree with the ones computed from its fields.
    func disagreement(with stated: Derived) -> RecordFieldError?
}

extension KindRecord where Derived == NoDerivedFields {
    public var derived: NoDerivedFields { NoDerivedFields() }
}

extension KindRecord {
    public static func importBound(_ field: String) -> ImportBound? { nil }

    public func importProblem() -> RecordFieldError? { nil }

    public func encode(apiFields: inout KeyedEncodingContainer<Field>) throws { try encode(fields: &apiFields) }

    public func disagreement(with stated: Derived) -> RecordFieldError? {
        stated == derived ? nil : RecordFieldError(field: "", problem: "does not agree with the record's fields")
    }

    /// The field names, in column order.
    public static var fieldNames: [String] { Field.allCases.map(\.stringValue) }

    public var discipline: Discipline { labels.discipline }

    public init(from decoder: any Decoder) throws {
        let header = try RecordHeader(from: decoder)
        try self.init(
            timestamp: header.timestamp, labels: header.labels, fields: decoder.container(keyedBy: Field.self))
    }

    public func encode(to encoder: any Encoder) throws {
        try RecordHeader(timestamp: timestamp, labels: labels).encode(to: encoder)
        var fields = encoder.container(keyedBy: Field.self)
        try encode(fields: &fields)
        try derived.encode(to: encoder)
    }
}

/// A record's time and labels as one object: the fields every record has beside its kind's own.
public struct RecordHeader: Hashable, Sendable, Codable {
    public let timestamp: Date
    public let labels: RecordLabels

    public init(timestamp: Date, labels: RecordLabels) {
        self.timestamp = timestamp
        self.labels = labels
    }

    private enum CodingKeys: String, CodingKey {
        case discipline, timestamp, interval, tuningSystem
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        timestamp = try values.decode(Date.self, forKey: .timestamp)
        labels = RecordLabels(
            discipline: try values.decode(Discipline.self, forKey: .discipline),
            interval: try values.decode(DirectedInterval.self, forKey: .interval),
            tuningSystem: try values.decode(TuningSystem.self, forKey: .tuningSystem))
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(labels.discipline, forKey: .discipline)
        try values.encode(timestamp, forKey: .timestamp)
        try values.encode(labels.interval, forKey: .interval)
        try values.encode(labels.tuningSystem, forKey: .tuningSystem)
    }
}

/// Figures derived from a record's fields (`KindRecord.Derived`).
public protocol DerivedFields: Hashable, Sendable, Codable {}

/// A record judged right or wrong as a whole: a file states the judgement beside the fields it
/// follows from (the two answers are what is stored).
public protocol JudgedRecord: KindRecord where Derived == Correctness {
    var isCorrect: Bool { get }
    /// What `isCorrect` says, in a file's words: "whether answeredQuality is quality".
    static var correctness: String { get }
}

extension JudgedRecord {
    public var derived: Correctness { Correctness(isCorrect: isCorrect) }

    public func disagreement(with stated: Correctness) -> RecordFieldError? {
        stated.isCorrect == isCorrect
            ? nil : RecordFieldError(field: "isCorrect", problem: "is not \(Self.correctness)")
    }
}

/// Whether the answer was right, for people reading a file.
public struct Correctness: DerivedFields {
    public let isCorrect: Bool

    public init(isCorrect: Bool) {
        self.isCorrect = isCorrect
    }
}

/// A record without derived figures.
public struct NoDerivedFields: DerivedFields {
    public init() {}
}

/// Why a file's field cannot be a record's: the field's name and what is wrong with its value,
/// in words that follow the value ("is not …", "must be empty …").
public struct RecordFieldError: Error, Hashable, Sendable {
    public let field: String
    public let problem: String

    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }
}

/// A record field that is one of a few named values (a chord's triad, one of its voices): stored and
/// written in files as its name, and read back only as one of its cases.
public protocol RecordEnumeration: APIChoices, Codable, Sendable {}

/// How far an imported field may reach (`KindRecord.importBound`).
public enum ImportBound: Hashable, Sendable {
    /// A decimal within the range, in the unit named.
    case number(ClosedRange<Double>, unit: String)
    /// A whole number within the range, naming what it is ("an octave").
    case integer(ClosedRange<Int>, what: String)

    /// What a value outside the bound is not.
    public var problem: String {
        switch self {
        case .number(let range, let unit):
            "is not a decimal number of \(unit) from \(range.lowerBound) to \(range.upperBound)"
        case .integer(let range, let what):
            "is not \(what) (an integer from \(range.lowerBound) to \(range.upperBound))"
        }
    }
}
