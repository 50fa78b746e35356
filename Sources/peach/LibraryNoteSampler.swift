import PeachAudio
import PeachCore
import PeachFluidSynth
import PeachServer

/// The server's instruments: keys rendered by FluidSynth from the sound library.
struct LibraryNoteSampler: NoteSampler {
    let library: SoundLibrary

    func sample(sound id: String, key: Int) throws -> NoteSample? {
        guard let sound = library.sound(id: id) else { return nil }
        // A decaying note is rendered whole, as long as the longest note a trial can ask for.
        return try library.noteSample(sound, key: key, longestNote: .seconds(TrainingSettings.noteDurationRange.upperBound))
    }

    func prepare(sound id: String) {
        // A failure shows at the first key, where the page hears of it.
        guard let sound = library.sound(id: id) else { return }
        _ = try? library.instrument(for: sound)
    }
}
