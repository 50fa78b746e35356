import Foundation
import Hummingbird
import HummingbirdTesting
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

    func withServer(sounds: [SoundChoice], _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws
    {
        let directory = TestApp.Directory()
        let services = try await AppServices.open(
            databasePath: directory.databasePath, environment: .unimplemented, logger: Logger(label: "test"),
            sounds: sounds)
        try await Application(router: try PeachApp.router(services: services)).test(.router, body)
    }

    func put(_ client: any TestClientProtocol, _ json: String) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(
            uri: "/api/settings", method: .put, headers: [.contentType: "application/json"], body: TestApp.json(json)
        ) { ($0.status, String(buffer: $0.body)) }
    }

    @Test func theChoicesListTheServersSoundsAndAChosenOneIsKept() async throws {
        try await withServer(sounds: Self.instruments) { client in
            let choices = try await client.execute(uri: "/api/settings", method: .get) {
                try TestApp.decode(Body.self, $0).choices
            }
            #expect(choices.soundSources == ["sine", "piano", "strings"])
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
            #expect(body.settings.soundSource == "sine")
        }
    }
}
