import Foundation
import Hummingbird
import Testing

@testable import PeachCore
@testable import PeachServer

/// `GET /api/disciplines`: the catalogue the screens render from, written from the kinds'
/// declarations.
struct DisciplineCatalogueTests {
    struct Catalogue: Decodable {
        struct Entry: Decodable {
            struct Names: Decodable {
                let en: String
                let de: String
            }
            let id: String
            let kind: String
            let names: Names
            let group: String
            let answerMethod: String
            let usesIntervals: Bool
            let settings: [String]
            let terminalCommand: String?
            let sparkline: String
            let offered: Bool
        }

        let disciplines: [Entry]
    }

    @Test func listsEveryDisciplineInTheRegistrysOrderWithItsDeclaration() async throws {
        try await TestApp.with { client in
            try await client.execute(uri: "/api/disciplines", method: .get) { response throws in
                #expect(response.status == .ok)
                let catalogue = try TestApp.decode(Catalogue.self, response)
                #expect(catalogue.disciplines.map(\.id) == Discipline.allCases.map(\.rawValue))
                let byID = Dictionary(uniqueKeysWithValues: catalogue.disciplines.map { ($0.id, $0) })
                let fillTheGap = try #require(byID["rhythmMatching"])
                #expect(
                    fillTheGap.kind == "rhythmMatching" && fillTheGap.answerMethod == "taps"
                        && fillTheGap.terminalCommand == "peach rhythm --fill-the-gap --midi")
                #expect(fillTheGap.names.en == "Fill the Gap" && fillTheGap.names.de == "Lücke füllen")
                let intervals = try #require(byID["intervalComparison"])
                #expect(
                    intervals.usesIntervals && intervals.group == "intervals"
                        && intervals.terminalCommand == "peach train --interval")
                #expect(intervals.settings.contains("tuningSystem") && !intervals.settings.contains("tempoBPM"))
                let singing = try #require(byID["pitchSinging"])
                #expect(singing.answerMethod == "voice" && singing.settings.contains("voiceRangeLower"))
                #expect(byID["rhythmComparison"]?.settings == ["tempoBPM"])
                // Fill the Gap's sparkline traces a signed offset; every other one falls as the user improves.
                #expect(catalogue.disciplines.filter { $0.sparkline == "closerToZero" }.map(\.id) == ["rhythmMatching"])
                #expect(Set(catalogue.disciplines.map(\.sparkline)) == ["lowerIsBetter", "closerToZero"])
                #expect(catalogue.disciplines.allSatisfy { $0.offered })
            }
        }
    }

    /// A server that trains a few disciplines (`peach serve --disciplines`) says so in its catalogue
    /// and refuses the others' trials, on every route that hands one out; what is offered works.
    @Test func aDisciplineNotOfferedIsSaidSoAndItsTrialsAreRefused() async throws {
        try await TestApp.with(
            environment: .fixed(), configure: { $0.offered = [.intervalComparison, .rhythmComparison] }
        ) { client in
            let catalogue = try await client.execute(uri: "/api/disciplines", method: .get) {
                try TestApp.decode(Catalogue.self, $0)
            }
            #expect(catalogue.disciplines.filter(\.offered).map(\.id) == ["intervalComparison", "rhythmComparison"])
            for (uri, body) in [
                ("/api/trials", #"{"discipline": "pitchComparison"}"#),
                ("/api/trials/reserve", #"{"discipline": "pitchSinging", "count": 3}"#),
                ("/api/comparisons", ""), ("/api/pitch-matching", ""),
            ] {
                try await client.execute(
                    uri: uri, method: .post, headers: [.contentType: "application/json"], body: TestApp.json(body)
                ) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    let message = String(buffer: response.body)
                    #expect(
                        message.contains(
                            "is not offered on this server; it offers intervalComparison, rhythmComparison"),
                        "\(uri): \(message)")
                }
            }
            try await client.execute(
                uri: "/api/trials", method: .post, headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"discipline": "rhythmComparison"}"#)
            ) { response in
                #expect(response.status == .created)
            }
        }
    }

    /// A setting a discipline says it reads is one the settings API has: the names cannot drift.
    @Test func everyDeclaredSettingIsASetting() throws {
        let settings = try OpenAPIDocument.schemas()["Settings"] as? [String: Any]
        let properties = try #require(settings?["properties"] as? [String: Any])
        for declaration in TrainingKinds.all.flatMap({ $0.disciplines }) {
            for name in declaration.settings {
                #expect(properties[name] != nil, "\(declaration.discipline) reads \(name), which is not a setting")
            }
        }
    }
}
