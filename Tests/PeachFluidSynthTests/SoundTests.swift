import Testing

@testable import PeachFluidSynth

struct SoundTests {
    @Test("Pianos and plucked GM programs decay; strings, flutes, voices and organs sustain")
    func sustain() {
        let byID = Dictionary(uniqueKeysWithValues: Sound.generalMIDI.map { ($0.id, $0.sustains) })
        #expect(byID == ["piano": false, "strings": true, "flute": true, "choir": true, "organ": true])
        #expect(Sound.sine.sustains)
        #expect(!Sound.preset(bank: 0, program: 25, name: "Steel Guitar").sustains)
        #expect(!Sound.preset(bank: 128, program: 0, name: "Standard Drums").sustains)
    }
}
