/// A value the API writes as `null` when absent, where a plain optional would leave the field out:
/// a client then reads "no data" from the field itself.
public struct Nullable<Wrapped: Encodable>: Encodable {
    public let value: Wrapped?

    public init(_ value: Wrapped?) { self.value = value }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}

extension Nullable: Decodable where Wrapped: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try container.decode(Wrapped.self)
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}

extension Nullable: Hashable where Wrapped: Hashable {}
