/// One chord of a cadence as the API serves it.
public struct CadenceChord: Codable, Sendable, APIDescribed {
    public let degree: ScaleDegree
    public let startSeconds: Double
    public let durationSeconds: Double
    public let notes: [NoteDTO]
    public let levelDB: Double

    public static var apiNotes: [String: APINote] {
        [
            "degree": .describe("The degree the chord is built on: 1, 4, 5, 1."),
            "startSeconds": .describe("From the trial's start."),
            "notes": .describe("The bass first, then the upper voices lowest first."),
            "levelDB": .describe("Each note's level relative to a single note."),
        ]
    }
}
