/// A sound Peach can play: the sine, or a SoundFont preset. `id` is what settings and `--sound` use.
public struct Sound: Hashable, Sendable {
    public let id: String
    /// The preset's own name (for presets the UI has no translation for).
    public let name: String
    /// nil for the sine.
    public let preset: Preset?

    public struct Preset: Hashable, Sendable {
        public let bank: Int
        public let program: Int
    }

    public static let sine = Sound(id: "sine", name: "Sine", preset: nil)

    /// The General MIDI instruments Peach offers by name, in every GM SoundFont.
    public static let generalMIDI: [Sound] = [
        Sound(id: "piano", name: "Acoustic Grand Piano", preset: Preset(bank: 0, program: 0)),
        Sound(id: "strings", name: "String Ensemble 1", preset: Preset(bank: 0, program: 48)),
        Sound(id: "flute", name: "Flute", preset: Preset(bank: 0, program: 73)),
        Sound(id: "choir", name: "Choir Aahs", preset: Preset(bank: 0, program: 52)),
        // Held at one pitch and level, and rich in harmonics: a mistuned voice of a chord beats
        // audibly (Which Voice?). FluidR3's church organ wavers by several cents within a note.
        Sound(id: "organ", name: "Reed Organ", preset: Preset(bank: 0, program: 20)),
    ]

    /// A preset of a user's SoundFont, named by bank and program.
    public static func preset(bank: Int, program: Int, name: String) -> Sound {
        Sound(id: "preset-\(bank)-\(program)", name: name, preset: Preset(bank: bank, program: program))
    }

    /// Whether a note holds its level while it is held: only then can pitch matching tune it for as
    /// long as the listener needs. Pianos, plucked and struck GM programs decay, so Peach does not
    /// offer them for pitch matching rather than re-articulating (a new attack is a new pitch cue).
    public var sustains: Bool {
        guard let preset else { return true }
        if preset.bank == 128 { return false }
        let decaying: [ClosedRange<Int>] = [0...15, 24...39, 45...47, 104...108, 112...119]
        return !decaying.contains { $0.contains(preset.program) }
    }
}
