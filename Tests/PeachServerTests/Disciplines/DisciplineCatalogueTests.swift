import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PeachCore
@testable import PeachServer

/// `GET /api/disciplines`: the catalogue the screens render from, written from the kinds'
/// declarations.
struct DisciplineCatalogueTests {
    struct Catalogue: Decodable {
        struct Entry: Decodable {
            struct Names: Decodable { let en: String; let de: String }
            let id: String
            let kind: String
            let names: Names
            let group: String
            let answerMethod: String
            let usesIntervals: Bool
            let settings: [String]
            let terminalCommand: String?
            let sparkline: String
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
                #expect(fillTheGap.kind == "rhythmMatching" && fillTheGap.answerMethod == "taps" && fillTheGap.terminalCommand == nil)
                #expect(fillTheGap.names.en == "Fill the Gap" && fillTheGap.names.de == "Lücke füllen")
                let intervals = try #require(byID["intervalComparison"])
                #expect(intervals.usesIntervals && intervals.group == "intervals" && intervals.terminalCommand == "peach train --interval")
                #expect(intervals.settings.contains("tuningSystem") && !intervals.settings.contains("tempoBPM"))
                let singing = try #require(byID["pitchSinging"])
                #expect(singing.answerMethod == "voice" && singing.settings.contains("voiceRangeLower"))
                #expect(byID["rhythmComparison"]?.settings == ["tempoBPM"])
                // Fill the Gap's sparkline traces a signed offset; every other one falls as the user improves.
                #expect(catalogue.disciplines.filter { $0.sparkline == "closerToZero" }.map(\.id) == ["rhythmMatching"])
                #expect(Set(catalogue.disciplines.map(\.sparkline)) == ["lowerIsBetter", "closerToZero"])
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
