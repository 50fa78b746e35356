/// The body of every error response — Hummingbird's `{"error": {"message": …}}` — with the line
/// of the import file where a line is to blame.
struct ErrorBody: Codable {
    struct Detail: Codable, APIDescribed {
        let message: String
        var line: Int?

        static var apiNotes: [String: APINote] {
            [
                "line": .describe(
                    "Import only: 1-based line of the file; 0 for the file as a whole (its size); absent when the request itself was wrong (an unknown mode).")
            ]
        }
    }

    let error: Detail
}
