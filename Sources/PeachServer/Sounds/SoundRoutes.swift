import Hummingbird
import PeachAudio
import PeachCore

/// `GET /api/sounds/{id}/notes/{key}`: one key of an instrument as a mono 32-bit float WAV, with the
/// frequency it sounds at (calibrated) and its loop (frames) in headers. The browser reads it at
/// target ÷ that frequency, so the server's frequencies are reproduced exactly.
struct SoundRoutes {
    let sounds: [SoundChoice]
    let cache: NoteSampleCache?

    static let frequencyHeader = "Peach-Frequency-Hz"
    static let loopStartHeader = "Peach-Loop-Start"
    static let loopEndHeader = "Peach-Loop-End"

    /// The rhythm disciplines' click (PeachAudio's Click), rendered once: the browser decodes it
    /// once and starts a copy at each scheduled time; the terminal plays the same samples.
    static let clickSampleRate = 48_000
    static let clickWAV = WAVFile(samples: Click.samples(sampleRate: Double(clickSampleRate)), sampleRate: clickSampleRate).data

    func add(to api: RouterGroup<BasicRequestContext>) {
        api.get("sounds/click.wav") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "audio/wav"], body: ResponseBody(byteBuffer: ByteBuffer(data: Self.clickWAV)))
        }
        api.get("sounds/:id/notes/:key") { _, context -> Response in
            let id = try context.parameters.require("id")
            let keys = NoteRange.pianoRange
            guard let key = context.parameters.get("key", as: Int.self), keys.contains(key) else {
                throw HTTPError(.badRequest, message: "key must be a MIDI note from \(keys.lowerBound) to \(keys.upperBound)")
            }
            guard sounds.contains(where: { $0.id == id }) else {
                throw HTTPError(.notFound, message: "this server has no sound '\(id)'; it has \(sounds.map(\.id))")
            }
            guard let cache else { throw HTTPError(.notFound, message: "'\(id)' has no samples: this server plays no instruments") }
            let entry: NoteSampleCache.Entry
            do {
                entry = try await cache.entry(sound: id, key: key)
            } catch NoteSampleCache.Failure.noSamples {
                throw HTTPError(.notFound, message: "'\(id)' has no samples: the browser synthesizes it")
            } catch {
                throw HTTPError(.serviceUnavailable, message: "'\(id)' cannot be played: \(error)")
            }
            var response = Response(
                status: .ok, headers: [.contentType: "audio/wav"], body: ResponseBody(byteBuffer: ByteBuffer(data: entry.wav)))
            response.headers[.init(Self.frequencyHeader)!] = String(entry.frequencyHz)
            if let loop = entry.loop {
                response.headers[.init(Self.loopStartHeader)!] = String(loop.lowerBound)
                response.headers[.init(Self.loopEndHeader)!] = String(loop.upperBound)
            }
            return response
        }
    }
}
