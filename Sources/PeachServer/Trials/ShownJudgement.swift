import Foundation

/// What the page showed for an answer: the result it judged at the tap from what the trial served,
/// in the response's shape, sent beside the answer. The server stays the authority: it judges
/// again and stores its own judgement, and says when the two differ (a page judging by other rules
/// than the server's is a bug to find, never a record to keep).
indirect enum ShownJudgement: Decodable, Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ShownJudgement])
    case object([String: ShownJudgement])

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else if let string = try? value.decode(String.self) {
            self = .string(string)
        } else if let array = try? value.decode([ShownJudgement].self) {
            self = .array(array)
        } else {
            self = .object(try value.decode([String: ShownJudgement].self))
        }
    }

    /// The JSON `value` encodes to, as the page would read it.
    init(of value: some Encodable) throws {
        self = try JSONDecoder().decode(Self.self, from: try JSONEncoder().encode(value))
    }

    /// Whether the page showed what `judged` (the server's result) says: each field both name with
    /// the same value, numbers within a millionth (the page may sum in another order). What the
    /// server does not say (a key's frequency the page named a note with) is no judgement of its.
    func agrees(with judged: ShownJudgement) -> Bool {
        switch (self, judged) {
        case (.object(let shown), .object(let judged)):
            return shown.allSatisfy { key, value in judged[key].map(value.agrees(with:)) ?? true }
        case (.array(let shown), .array(let judged)):
            return shown.count == judged.count && zip(shown, judged).allSatisfy { $0.agrees(with: $1) }
        case (.number(let shown), .number(let judged)):
            return abs(shown - judged) <= 1e-6 * max(1, abs(shown), abs(judged))
        default:
            return self == judged
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number(let number): "\(number)"
        case .string(let string): "\"\(string)\""
        case .array(let array): "[\(array.map(\.description).joined(separator: ","))]"
        case .object(let object):
            "{\(object.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ","))}"
        }
    }
}

extension ShownJudgement: APISchemaProviding {
    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        (.null, ["type": "object"])
    }
}
