import PeachServices
import Testing

struct UnknownCommandTests {
    static let commands = [
        "serve", "train", "match", "sing", "rhythm", "render", "play", "profile", "export", "import",
    ]

    static func unknown(_ arguments: String...) -> UnknownCommand? {
        UnknownCommand(arguments: arguments, known: Set(commands + ["help", "bench-audio"]), suggested: commands)
    }

    @Test func aTypoIsNamedWithTheNearestCommand() {
        #expect(Self.unknown("trian") == UnknownCommand(word: "trian", suggestion: "train"))
        #expect(Self.unknown("trian")?.description == "Unknown command 'trian'. Did you mean 'train'?")
        #expect(Self.unknown("rythm", "--tempo", "90")?.suggestion == "rhythm")
        #expect(Self.unknown("exprot")?.suggestion == "export")
        #expect(Self.unknown("Serve")?.suggestion == "serve")
    }

    @Test func aWordNearNoCommandIsNamedWithoutAGuess() {
        #expect(Self.unknown("stats") == UnknownCommand(word: "stats", suggestion: nil))
        #expect(Self.unknown("stats")?.description == "Unknown command 'stats'.")
        // One letter of two is no typo of "sing".
        #expect(Self.unknown("xi")?.suggestion == nil)
    }

    @Test func optionsKnownCommandsAndNothingAreLeftToTheParser() {
        #expect(Self.unknown() == nil)
        #expect(Self.unknown("--port", "8080") == nil)
        #expect(Self.unknown("-h") == nil)
        #expect(Self.unknown("train", "--interval") == nil)
        #expect(Self.unknown("help", "train") == nil)
        #expect(Self.unknown("bench-audio") == nil)
    }

    @Test(arguments: [
        ("train", "train", 0), ("trian", "train", 1), ("tran", "train", 1), ("trainn", "train", 1), ("sing", "play", 4),
        ("", "abc", 3),
    ])
    func theDistanceCountsEditsAndSwaps(a: String, b: String, expected: Int) {
        #expect(UnknownCommand.distance(a, b) == expected)
        #expect(UnknownCommand.distance(b, a) == expected)
    }
}
