import Hummingbird
import PeachCore

/// `GET /api/profile/part?discipline=`: what the Profile says of a discipline beyond what every kind
/// says (`TrainingKind.ProfileSummary`), in its kind's shape; documented as `oneOf` every kind's.
struct ProfilePartResponse: ResponseEncodable, APISchemaProviding, Sendable {
    private let body: any Encodable & Sendable

    /// Nil for a discipline whose kind says nothing more.
    init?(_ discipline: Discipline, in profile: ProfileParts) {
        guard let body = Self.summary(discipline.trainingKind, discipline, profile) else { return nil }
        self.body = body
    }

    private static func summary<Kind: TrainingKind>(
        _ kind: Kind.Type, _ discipline: Discipline, _ profile: ProfileParts
    )
        -> (any Encodable & Sendable)?
    {
        Kind.profileSummary(discipline, in: profile)
    }

    private init(body: any Encodable & Sendable) { self.body = body }

    func encode(to encoder: any Encoder) throws { try body.encode(to: encoder) }

    /// Only the schema tracer decodes one; it takes the first such kind's shape as its placeholder.
    init(from decoder: any Decoder) throws {
        body = try Self.decode(Self.kinds[0], from: decoder)
    }

    private static func decode<Kind: TrainingKind>(_ kind: Kind.Type, from decoder: any Decoder) throws -> any Encodable
        & Sendable
    {
        try Kind.ProfileSummary(from: decoder)
    }

    /// The kinds that have a summary, in the registry's order.
    static var kinds: [any TrainingKind.Type] { TrainingKinds.all.filter { $0.hasProfileSummary } }

    static func apiSchema(_ tracer: SchemaTracer) throws -> (placeholder: Self, schema: [String: Any]) {
        let first = try Self.trace(kinds[0], tracer)
        return (ProfilePartResponse(body: first.value), ["oneOf": try kinds.map { try Self.trace($0, tracer).schema }])
    }

    private static func trace<Kind: TrainingKind>(_ kind: Kind.Type, _ tracer: SchemaTracer) throws -> (
        value: any Encodable & Sendable, schema: [String: Any]
    ) {
        let traced = try tracer.trace(Kind.ProfileSummary.self)
        return (traced.value, traced.schema)
    }
}
