import Foundation
import Hummingbird
import Logging
import Testing

@testable import PeachServer

/// The sound sources the settings offer are the server's own: what its SoundFont has.
struct SoundSettingsAPITests {
    struct Body: Decodable {
        struct Values: Decodable { let soundSource: String }
        struct Choices: Decodable {
            struct Sound: Decodable, Equatable {
                let id: String
                let name: String
                let sustains: Bool
            }
            let soundSources: [String]
            let sounds: [Sound]
        }
        let settings: Values
        let choices: Choices
    }

    static let instruments = [
        SoundChoice(id: "sine", name: "Sine", sustains: true),
        SoundChoice(id: "piano", name: "Acoustic Grand Piano", sustains: false),
        SoundChoice(id: "strings", name: "String Ensemble 1", sustains: true),
    ]

    /// - Parameter environment: `.fixed()` where a trial is drawn.
    func withServer(
        sounds: [SoundChoice], environment: ServerEnvironment = .unimplemented,
        _ body: @Sendable (RouterClient) async throws -> Void
    ) async throws {
        let directory = TestApp.Directory()
        let services = try await AppServices.open(
            databasePath: directory.databasePath, environment: environment, logger: Logger(label: "test"),
            sounds: sounds)
        try await Application(router: try PeachApp.router(services: services)).test(body)
    }

    func put(_ client: RouterClient, _ json: String) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(
            uri: "/api/settings", method: .put, headers: [.contentType: "application/json"], body: TestApp.json(json)
        ) { ($0.status, String(buffer: $0.body)) }
    }

    @Test func theChoicesListTheServersSoundsAndAChosenOneIsKept() async throws {
        try await withServer(sounds: Self.instruments) { client in
            let choices = try await client.execute(uri: "/api/settings", method: .get) {
                try TestApp.decode(Body.self, $0).choices
            }
            #expect(choices.soundSources == ["default", "sine", "piano", "strings"])
            #expect(choices.sounds[1] == .init(id: "piano", name: "Acoustic Grand Piano", sustains: false))
            let (status, _) = try await put(client, #"{"soundSource":"strings"}"#)
            #expect(status == .ok)
            let saved = try await client.execute(uri: "/api/settings", method: .get) {
                try TestApp.decode(Body.self, $0).settings
            }
            #expect(saved.soundSource == "strings")
        }
    }

    @Test func aSoundTheServerLacksIsRefusedAndNothingChanges() async throws {
        try await withServer(sounds: SoundChoice.sineOnly) { client in
            let (status, message) = try await put(client, #"{"soundSource":"piano","noteDurationSeconds":2}"#)
            #expect(status == .badRequest)
            #expect(message.contains("no sound 'piano'"))
            let (malformed, _) = try await put(client, #"{"soundSource":"preset-0-999"}"#)
            #expect(malformed == .badRequest)
            let body = try await client.execute(uri: "/api/settings", method: .get) {
                try TestApp.decode(Body.self, $0)
            }
            #expect(body.settings.soundSource == "default")
        }
    }

    /// The sound a trial of `discipline` is served with.
    func trialSound(_ client: RouterClient, _ discipline: String) async throws -> String? {
        try await client.execute(
            uri: "/api/trials", method: .post, headers: [.contentType: "application/json"],
            body: TestApp.json(#"{"discipline":"\#(discipline)"}"#)
        ) { response in
            let trial = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            return (trial?["sound"] as? [String: Any])?["id"] as? String
        }
    }

    /// With no sound chosen, harmony plays the piano and pitch the sine; a sound the user chose, the
    /// sine too, plays everywhere until "default" takes the choice back.
    @Test func harmonyPlaysThePianoUntilTheUserChoosesASound() async throws {
        try await withServer(sounds: Self.instruments, environment: .fixed()) { client in
            let fresh = try await client.execute(uri: "/api/settings", method: .get) {
                try TestApp.decode(Body.self, $0).settings
            }
            #expect(fresh.soundSource == "default")
            for discipline in ["chordProgression", "chordQuality", "scaleDegree"] {
                #expect(try await trialSound(client, discipline) == "piano", "\(discipline)")
            }
            #expect(try await trialSound(client, "pitchComparison") == "sine")
            #expect(try await trialSound(client, "chordIntonation") == "sine")
            #expect(try await put(client, #"{"soundSource":"sine"}"#).0 == .ok)
            #expect(try await trialSound(client, "chordProgression") == "sine")
            #expect(try await put(client, #"{"soundSource":"default"}"#).0 == .ok)
            #expect(try await trialSound(client, "chordProgression") == "piano")
        }
    }
}
