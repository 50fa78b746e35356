import Foundation
import PeachAudio
import PeachCore
import PeachFluidSynth
import PeachServices

/// The server's instruments: keys rendered by FluidSynth from the sound library.
struct LibraryNoteSampler: NoteSampler {
    let library: SoundLibrary

    /// A decaying note is rendered whole, as long as the longest note a trial can ask for.
    static let longestNote = Duration.seconds(TrainingSettings.noteDurationRange.upperBound)

    func sample(sound id: String, key: Int) throws -> NoteSample? {
        guard let sound = library.sound(id: id) else { return nil }
        return try library.noteSample(sound, key: key, longestNote: Self.longestNote)
    }

    func prepare(sound id: String) {
        // A failure shows at the first key, where the page hears of it.
        guard let sound = library.sound(id: id) else { return }
        _ = try? library.instrument(for: sound)
    }

    var identity: String { library.renderIdentity(longestNote: Self.longestNote) }

    /// Loads the named instruments (`first` before the others) on a thread of its own at a low
    /// priority (nice 10), so that choosing one finds its samples decoded; requests go first meanwhile.
    func warmUp(first: String) {
        let named = library.sounds.filter { Sound.generalMIDI.contains($0) }
        let order = library.sounds.filter { $0.id == first } + named.filter { $0.id != first }
        let library = self.library
        let thread = Thread {
            // Linux keeps a nice value per thread: 0 names the calling thread, not the process.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            library.warmUp(order)
        }
        thread.name = "peach-warm-up"
        thread.start()
    }
}
