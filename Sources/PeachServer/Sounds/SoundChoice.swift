import PeachCore

/// A sound this server can play, as the settings list it. The executable fills the list from its
/// SoundFont (without loading any samples); the server itself plays nothing.
public struct SoundChoice: Hashable, Sendable, Codable {
    public let id: String
    /// The SoundFont preset's own name; the UI shows a translation where it has one.
    public let name: String
    /// Whether a held note keeps sounding; pitch matching is offered only with sustaining sounds.
    public let sustains: Bool

    public init(id: String, name: String, sustains: Bool) {
        self.id = id
        self.name = name
        self.sustains = sustains
    }

    /// What a server without SoundFont support offers.
    public static let sineOnly = [SoundChoice(id: SoundSource.sine.rawValue, name: "Sine", sustains: true)]
}
