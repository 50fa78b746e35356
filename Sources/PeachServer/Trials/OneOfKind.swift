import Hummingbird

/// A body whose shape depends on the trial's kind: written as that kind's own object, and
/// documented as `oneOf` the shapes.
enum OneOfKind<Comparison: Codable & Sendable, Matching: Codable & Sendable, Timing: Codable & Sendable, Tapping: Codable & Sendable>:
    ResponseEncodable, APISchemaProviding, Sendable
{
    case comparison(Comparison)
    case matching(Matching)
    case rhythmComparison(Timing)
    case rhythmMatching(Tapping)

    /// Only the schema tracer decodes a body; it takes the comparison's shape as its placeholder.
    init(from decoder: any Decoder) throws {
        self = .comparison(try Comparison(from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case let .comparison(body): try body.encode(to: encoder)
        case let .matching(body): try body.encode(to: encoder)
        case let .rhythmComparison(body): try body.encode(to: encoder)
        case let .rhythmMatching(body): try body.encode(to: encoder)
        }
    }

    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        let comparison = try tracer.trace(Comparison.self)
        return (.comparison(comparison.value), ["oneOf": [
            comparison.schema, try tracer.trace(Matching.self).schema, try tracer.trace(Timing.self).schema,
            try tracer.trace(Tapping.self).schema,
        ]])
    }
}
