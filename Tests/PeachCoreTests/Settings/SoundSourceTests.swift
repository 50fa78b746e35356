import Testing

@testable import PeachCore

struct SoundSourceTests {
    @Test("Named instruments and well-formed presets are sound sources; anything else is not")
    func parsing() {
        for valid in ["sine", "piano", "strings", "flute", "choir", "organ", "preset-0-48", "preset-128-0"] {
            #expect(SoundSource(rawValue: valid)?.rawValue == valid)
        }
        for invalid in ["square", "preset-0-128", "preset-129-0", "preset-00-1", "preset-0", "Piano", ""] {
            #expect(SoundSource(rawValue: invalid) == nil)
        }
    }
}
