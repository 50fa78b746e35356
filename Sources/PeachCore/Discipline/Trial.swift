import Foundation

/// One trial of any kind, as the server hands it out and the terminal plays it. Stored as JSON
/// while it waits for its answer: `{"<kind>": {"_0": <the kind's trial>}}`, the shape these trials
/// have always been stored in, so a trial opened before an upgrade is still answered after it.
public struct Trial: Hashable, Sendable, Codable {
    public let value: any KindTrial

    public init(_ value: some KindTrial) { self.value = value }

    public var discipline: Discipline { value.discipline }

    public var kind: any TrainingKind.Type { Self.kind(of: value) }

    /// The trial as `type`, or nil when it is a trial of another kind.
    public func `as`<Value: KindTrial>(_ type: Value.Type) -> Value? { value as? Value }

    /// Judges `answer` and makes the record to store, or nil when the answer does not fit the trial
    /// (an answer of another kind, or a sung pitch for a slider trial).
    public func judge(_ answer: TrialAnswer, at timestamp: Date) -> TrainingRecord? {
        Self.judge(value, answer, at: timestamp)
    }

    private static func judge<Value: KindTrial>(_ trial: Value, _ answer: TrialAnswer, at timestamp: Date)
        -> TrainingRecord?
    {
        guard let answer = answer.value as? Value.Kind.Answer else { return nil }
        return Value.Kind.judge(trial, answer, at: timestamp).map(TrainingRecord.init)
    }

    private static func kind<Value: KindTrial>(of trial: Value) -> any TrainingKind.Type { Value.Kind.self }

    public static func == (lhs: Trial, rhs: Trial) -> Bool { AnyHashable(lhs.value) == AnyHashable(rhs.value) }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }

        static let payload = Key(stringValue: "_0")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        // Keys of no kind are what an envelope keeps beside the trial (an open trial's task).
        let kinds = container.allKeys.compactMap { key in
            TrainingKinds.kind(Discipline.Kind(rawValue: key.stringValue)).map { (key, $0) }
        }
        guard kinds.count == 1, let (key, kind) = kinds.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a trial of a known kind"))
        }
        self = try Self.decode(kind, from: container.nestedContainer(keyedBy: Key.self, forKey: key))
    }

    private static func decode<Kind: TrainingKind>(_ kind: Kind.Type, from container: KeyedDecodingContainer<Key>)
        throws -> Trial
    {
        Trial(try container.decode(Kind.Trial.self, forKey: .payload))
    }

    public func encode(to encoder: any Encoder) throws {
        try Self.encode(value, to: encoder)
    }

    private static func encode<Value: KindTrial>(_ trial: Value, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var payload = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: Value.Kind.id.rawValue))
        try payload.encode(trial, forKey: .payload)
    }
}
