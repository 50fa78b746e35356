import Hummingbird
import PeachCore

/// How often the page showed a result the server judged otherwise, since the server started: the
/// page judges at the tap from what its trial serves, so a page that restates a rule wrongly shows
/// up here (each case is logged with both results).
struct DisagreementsResponse: ResponseEncodable, Decodable, APIDescribed {
    let disagreements: Int

    static var apiNotes: [String: APINote] {
        [
            "disagreements": .describe(
                "Answers since the server started whose `shown` result differed from the server's own judgement (the stored one)."
            )
        ]
    }
}
