import Hummingbird
import PeachAudio
import PeachCore

/// `GET /api/sounds/{id}/notes/{key}`: one key of an instrument as a mono 32-bit float WAV, with the
/// frequency it sounds at (calibrated) and its loop (frames) in headers. The browser reads it at
/// target ÷ that frequency, so the server's frequencies are reproduced exactly.
struct SoundRoutes: RouteTable {
    let sounds: [SoundChoice]
    let cache: NoteSampleCache?

    static let frequencyHeader = "Peach-Frequency-Hz"
    static let loopStartHeader = "Peach-Loop-Start"
    static let loopEndHeader = "Peach-Loop-End"

    /// The rhythm disciplines' click (PeachAudio's Click), rendered once: the browser decodes it
    /// once and starts a copy at each scheduled time; the terminal plays the same samples.
    static let clickSampleRate = 48_000
    static let clickWAV = WAVFile(
        samples: Click.samples(sampleRate: Double(clickSampleRate)), sampleRate: clickSampleRate
    ).data

    static let sound = APIParameter.pathText("id")
    static let key = APIParameter.integer("key", in: NoteRange.pianoRange, in: .path, meaning: "a MIDI note")

    init(_ shared: SharedDependencies) {
        sounds = shared.sounds
        cache = shared.sampler.map { NoteSampleCache(sampler: $0, directory: shared.sampleCacheDirectory) }
    }

    static var routes: [Route<Self>] {
        [
            Route(
                .get, "sounds/click.wav", "clickSound",
                "The rhythm disciplines' click: a wood-block–like knock rendered by PeachAudio, its onset at sample 0 (no leading silence), 50 ms",
                returns: "A mono 32-bit float WAV at 48 kHz", media: .wav, Self.click),
            Route(
                .get, "sounds/{id}/notes/{key}", "soundNote",
                "One key of an instrument, rendered by FluidSynth on its first request and kept: the browser reads it at target ÷ Peach-Frequency-Hz, looping Peach-Loop-Start..Peach-Loop-End (frames) for a sustaining sound",
                returns: "A mono 32-bit float WAV, calibrated and level-matched", media: .wav,
                headers: [
                    APIHeader(
                        name: frequencyHeader, description: "The calibrated frequency the samples sound at",
                        type: "number"),
                    APIHeader(
                        name: loopStartHeader, description: "First frame of the loop (sustaining sounds only)",
                        type: "integer"),
                    APIHeader(name: loopEndHeader, description: "Frame after the loop's last", type: "integer"),
                ],
                parameters: [sound, key],
                errors: [
                    .error(.notFound, "No such sound, or the sine (synthesized in the browser)"),
                    .error(.serviceUnavailable, "The instrument cannot be played (the SoundFont is missing)"),
                ],
                Self.note),
        ]
    }

    func click(_: Input<NoBody>) -> MediaResponse {
        MediaResponse(body: ResponseBody(byteBuffer: ByteBuffer(data: Self.clickWAV)))
    }

    func note(_ input: Input<NoBody>) async throws -> MediaResponse {
        let id = try input[Self.sound]
        let key = try input[Self.key]
        guard sounds.contains(where: { $0.id == id }) else {
            throw HTTPError(.notFound, message: "this server has no sound '\(id)'; it has \(sounds.map(\.id))")
        }
        guard let cache else {
            throw HTTPError(.notFound, message: "'\(id)' has no samples: this server plays no instruments")
        }
        let entry: NoteSampleCache.Entry
        do {
            entry = try await cache.entry(sound: id, key: key)
        } catch NoteSampleCache.Failure.noSamples {
            throw HTTPError(.notFound, message: "'\(id)' has no samples: the browser synthesizes it")
        } catch {
            throw HTTPError(.serviceUnavailable, message: "'\(id)' cannot be played: \(error)")
        }
        var headers: HTTPFields = [.init(Self.frequencyHeader)!: String(entry.frequencyHz)]
        if let loop = entry.loop {
            headers[.init(Self.loopStartHeader)!] = String(loop.lowerBound)
            headers[.init(Self.loopEndHeader)!] = String(loop.upperBound)
        }
        return MediaResponse(body: ResponseBody(byteBuffer: ByteBuffer(data: entry.wav)), headers: headers)
    }
}
