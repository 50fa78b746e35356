import Hummingbird
import PeachCore

/// Profile routes of one discipline each, kept for the clients written against them: each is the
/// general route fixed to its discipline. A new kind adds none.
extension ProfileRoutes {
    static var aliases: [Route<Self>] {
        [
            Route(
                .get, "profile/dictation", "profileDictation",
                "Play it Back: the longest melody mastered and the share of right notes for each step size (profile/part?discipline=melodicDictation)",
                returns: "The summary; longestMastered is null until a length is mastered.",
                alias(part: .melodicDictation))
        ]
    }

    private static func alias(part discipline: Discipline) -> Route<Self>.Handler<NoBody, ProfilePartResponse> {
        { routes in { _ in try await routes.kindPart(discipline) } }
    }
}
