import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PeachAudio
import PeachCore
import Synchronization
import Testing

@testable import PeachServer
@testable import PeachServices

/// The instruments' keys as the browser fetches them, and the sound each trial names.
struct SoundRoutesTests {
    /// Stands in for FluidSynth: key k is k frames of the value k, sounding at k hertz; strings loop.
    final class CountingSampler: NoteSampler {
        let renders = Mutex(0)
        let prepared = Mutex<[String]>([])
        let identity: String

        init(identity: String = "counting-1") { self.identity = identity }

        func prepare(sound id: String) { prepared.withLock { $0.append(id) } }

        func sample(sound id: String, key: Int) throws -> NoteSample? {
            guard id != "sine" else { return nil }
            renders.withLock { $0 += 1 }
            return NoteSample(
                samples: [Float](repeating: Float(key), count: key), sampleRate: 48_000,
                frequency: Frequency(hertz: Double(key)),
                loop: id == "strings" ? 10..<key : nil)
        }
    }

    func withServer(
        sampler: CountingSampler = CountingSampler(), directory: TestApp.Directory = TestApp.Directory(),
        environment: ServerEnvironment = .unimplemented,
        _ body: @Sendable (RouterClient) async throws -> Void
    ) async throws {
        let services = try await AppServices.open(
            databasePath: directory.databasePath, environment: environment, logger: Logger(label: "test"),
            sounds: SoundSettingsAPITests.instruments,
            sampler: sampler)
        try await Application(router: try PeachApp.router(services: services)).test(body)
    }

    @Test func aKeyIsAFloatWAVWithItsFrequencyAndLoopAndIsRenderedOnce() async throws {
        let sampler = CountingSampler()
        try await withServer(sampler: sampler) { client in
            for _ in 0..<2 {
                try await client.execute(uri: "/api/sounds/strings/notes/60", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "audio/wav")
                    #expect(response.headers[.init(SoundRoutes.frequencyHeader)!] == "60.0")
                    #expect(response.headers[.init(SoundRoutes.loopStartHeader)!] == "10")
                    #expect(response.headers[.init(SoundRoutes.loopEndHeader)!] == "60")
                    #expect(
                        Data(buffer: response.body)
                            == WAVFile(samples: [Float](repeating: 60, count: 60), sampleRate: 48_000).data)
                }
            }
            try await client.execute(uri: "/api/sounds/piano/notes/21", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.init(SoundRoutes.loopStartHeader)!] == nil)
            }
        }
        #expect(sampler.renders.withLock { $0 } == 2)
    }

    @Test func aRestartedServerServesTheKeysItRenderedBeforeFromDiskUnlessTheRenderingChanged() async throws {
        let directory = TestApp.Directory()
        let expected = WAVFile(samples: [Float](repeating: 60, count: 60), sampleRate: 48_000).data
        let fetch: @Sendable (RouterClient) async throws -> Void = { client in
            try await client.execute(uri: "/api/sounds/strings/notes/60", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.init(SoundRoutes.frequencyHeader)!] == "60.0")
                #expect(response.headers[.init(SoundRoutes.loopStartHeader)!] == "10")
                #expect(response.headers[.init(SoundRoutes.loopEndHeader)!] == "60")
                #expect(Data(buffer: response.body) == expected)
            }
        }
        let first = CountingSampler()
        try await withServer(sampler: first, directory: directory, fetch)
        #expect(first.renders.withLock { $0 } == 1)
        #expect(
            FileManager.default.fileExists(
                atPath: directory.url.appendingPathComponent("cache/sounds/counting-1/strings-60.wav").path))

        let restarted = CountingSampler()
        try await withServer(sampler: restarted, directory: directory, fetch)
        #expect(restarted.renders.withLock { $0 } == 0, "served from disk")

        // Another SoundFont, calibration or rendering: the kept keys are not used.
        let changed = CountingSampler(identity: "counting-2")
        try await withServer(sampler: changed, directory: directory, fetch)
        #expect(changed.renders.withLock { $0 } == 1)

        // A kept key whose header is unreadable (a crash, a full disk) is rendered again.
        try Data("{".utf8).write(to: directory.url.appendingPathComponent("cache/sounds/counting-1/strings-60.json"))
        let damaged = CountingSampler()
        try await withServer(sampler: damaged, directory: directory, fetch)
        #expect(damaged.renders.withLock { $0 } == 1)
    }

    @Test(arguments: [
        ("/api/sounds/strings/notes/20", HTTPResponse.Status.badRequest, "key must be a MIDI note from 21 to 108"),
        ("/api/sounds/strings/notes/C4", .badRequest, "key must be a MIDI note"),
        ("/api/sounds/organ/notes/60", .notFound, "no sound 'organ'"),
        ("/api/sounds/sine/notes/60", .notFound, "the browser synthesizes it"),
    ])
    func badRequestsSayWhy(uri: String, status: HTTPResponse.Status, message: String) async throws {
        try await withServer { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == status)
                #expect(String(buffer: response.body).contains(message))
            }
        }
    }

    struct Trial: Decodable {
        struct Sound: Decodable {
            let id: String
            let name: String
            let insteadOf: String?
        }
        struct Synthesis: Decodable {
            let rampSeconds: Double
            let rampPeriods: Double
            let glideSeconds: Double
            let levelDB: Double
        }
        let sound: Sound
        let synthesis: Synthesis
    }

    func trial(_ client: RouterClient, _ discipline: String) async throws -> Trial {
        try await client.execute(
            uri: "/api/trials", method: .post, headers: [.contentType: "application/json"],
            body: TestApp.json(#"{"discipline":"\#(discipline)"}"#)
        ) { try TestApp.decode(Trial.self, $0) }
    }

    @Test func eachTrialNamesItsSoundAndCarriesTheOneSoundDefinition() async throws {
        try await withServer(environment: .fixed()) { client in
            let sine = try await trial(client, "pitchComparison")
            #expect(sine.sound.id == "sine" && sine.sound.insteadOf == nil)
            #expect(sine.sound.name == "Sine")
            let settings = SynthesisSettings()
            #expect(sine.synthesis.rampSeconds == settings.rampDuration.seconds)
            #expect(sine.synthesis.rampPeriods == settings.rampPeriods)
            #expect(sine.synthesis.glideSeconds == settings.glideDuration.seconds)
            #expect(sine.synthesis.levelDB == settings.masterLevel.rawValue)

            _ = try await client.execute(
                uri: "/api/settings", method: .put, headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"soundSource":"piano"}"#)
            ) { $0.status }
            #expect(try await trial(client, "pitchComparison").sound.id == "piano")
            // The piano decays: pitch matching plays the sine and says what it replaces.
            let matching = try await trial(client, "pitchMatching")
            #expect(matching.sound.id == "sine" && matching.sound.insteadOf == "piano")

            _ = try await client.execute(
                uri: "/api/settings", method: .put, headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"soundSource":"strings"}"#)
            ) { $0.status }
            let strings = try await trial(client, "intervalMatching")
            #expect(strings.sound.id == "strings" && strings.sound.insteadOf == nil)
        }
    }

    @Test func choosingASoundLoadsItAheadOfItsFirstNote() async throws {
        let sampler = CountingSampler()
        try await withServer(sampler: sampler) { client in
            let status = try await client.execute(
                uri: "/api/settings", method: .put, headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"soundSource":"strings"}"#)
            ) { $0.status }
            #expect(status == .ok)
        }
        for _ in 0..<200 where sampler.prepared.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(sampler.prepared.withLock { $0 } == ["strings"])
    }
}
