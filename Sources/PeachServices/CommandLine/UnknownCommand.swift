/// A command line whose first word names no command, such as `peach trian`. Serve is the default
/// subcommand, so swift-argument-parser would hand the word to serve and answer "Unexpected
/// argument 'trian'" with serve's usage, never saying that the command was mistyped.
public struct UnknownCommand: Equatable, CustomStringConvertible {
    public let word: String
    /// The nearest command, when one is near enough to be what was meant.
    public let suggestion: String?

    public init(word: String, suggestion: String?) {
        self.word = word
        self.suggestion = suggestion
    }

    public var description: String {
        "Unknown command '\(word)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
    }
}

extension UnknownCommand {
    /// Nothing when the first argument is an option (serve's, or --help), one of `known`, or absent.
    /// - Parameter suggested: the commands worth suggesting (the ones `--help` lists).
    public init?(arguments: [String], known: Set<String>, suggested: [String]) {
        guard let word = arguments.first, !word.hasPrefix("-"), !known.contains(word) else { return nil }
        let typed = word.lowercased()
        // A typo is a slip or two: one edit in a short word, one per three letters in a longer one.
        let allowed = max(1, min(2, typed.count / 3))
        let nearest =
            suggested
            .map { (name: $0, distance: Self.distance(typed, $0)) }
            .filter { $0.distance <= allowed }
            .min { $0.distance < $1.distance }?.name
        self.init(word: word, suggestion: nearest)
    }

    /// Insertions, deletions, substitutions and swaps of neighbours ("trian" → "train" is one)
    /// that turn `a` into `b` (the optimal string alignment distance).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
