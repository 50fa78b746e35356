/// A name the page shows in the language it speaks, spelled by the server: a key or a chord is
/// not a word to translate (E♭ major is Es-Dur, B♭m is Bm), so the page must not rebuild it.
public struct LocalizedName: Codable, Hashable, Sendable, APIDescribed {
    public let en: String
    public let de: String

    public init(_ name: (NoteNameLanguage) -> String) {
        en = name(.english)
        de = name(.german)
    }

    public static var apiNotes: [String: APINote] {
        ["": .describe("The same name in English and in German, each spelled as musicians of that language write it.")]
    }
}
