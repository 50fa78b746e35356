import Foundation

/// Rendered keys kept on disk, so that a restarted server serves every key it has rendered before
/// without FluidSynth: one folder per sampler identity, and per key its WAV and a JSON with its
/// frequency and loop. Each file is written whole or not at all (a temporary file, then a rename);
/// anything missing or unreadable is simply rendered again.
struct NoteSampleFiles: Sendable {
    let folder: URL

    private struct Header: Codable {
        let frequencyHz: Double
        let loopStart: Int?
        let loopEnd: Int?
    }

    /// nil when `identity` is not a plain name (it becomes a folder name).
    init?(directory: URL, identity: String) {
        guard !identity.isEmpty, identity.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return nil
        }
        folder = directory.appendingPathComponent(identity, isDirectory: true)
    }

    func read(sound: String, key: Int) -> NoteSampleCache.Entry? {
        guard let headerData = try? Data(contentsOf: file(sound, key, "json")),
            let header = try? JSONDecoder().decode(Header.self, from: headerData),
            let wav = try? Data(contentsOf: file(sound, key, "wav")), !wav.isEmpty
        else { return nil }
        let loop = header.loopStart.flatMap { start in header.loopEnd.map { start..<$0 } }
        return NoteSampleCache.Entry(wav: wav, frequencyHz: header.frequencyHz, loop: loop)
    }

    /// Best effort: a cache that cannot be written only means the key is rendered again next time.
    func write(_ entry: NoteSampleCache.Entry, sound: String, key: Int) {
        let header = Header(
            frequencyHz: entry.frequencyHz, loopStart: entry.loop?.lowerBound, loopEnd: entry.loop?.upperBound)
        guard let headerData = try? JSONEncoder().encode(header) else { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The WAV first: a header is only ever found beside the WAV it describes.
            try entry.wav.write(to: file(sound, key, "wav"), options: .atomic)
            try headerData.write(to: file(sound, key, "json"), options: .atomic)
        } catch {}
    }

    private func file(_ sound: String, _ key: Int, _ type: String) -> URL {
        folder.appendingPathComponent("\(sound)-\(key).\(type)")
    }
}
