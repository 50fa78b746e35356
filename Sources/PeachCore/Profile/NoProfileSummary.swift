/// The profile summary of a kind whose disciplines the Profile shows only as every kind's are.
public struct NoProfileSummary: Codable, Sendable, APIDescribed {
    public static var apiNotes: [String: APINote] { [:] }
}
