/// A record field written as text in a notation of its own (a melody: "60 62 64 67"): stored, filed
/// and sent as that text, and read back only through `init?(recordText:)`, so a store, a file and the
/// API document take it alike without knowing what it is.
public protocol RecordText: Codable, Sendable {
    /// Nil for a text not in the notation.
    init?(recordText: String)
    var recordText: String { get }
    /// The notation in words, completing "is not …" for a text that is not in it.
    static var notation: String { get }
    /// One value, as a placeholder for whoever needs one (the API document's tracer).
    static var example: Self { get }
}

extension RecordText {
    /// The text, checked: what `Codable` conformances call.
    public init(recordTextFrom decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(recordText: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not \(Self.notation)"))
        }
        self = value
    }

    public func encode(recordTextTo encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(recordText)
    }
}
