import Foundation
import PeachCore
import Testing

@Suite struct KindSettingsTests {
    private let fields = TrainingKinds.ownSettingFields

    /// The API's settings are one flat object: a kind's field named like another's, or like a shared
    /// setting, would be read by both.
    @Test func everyNameIsOneSettingsAlone() {
        let shared = NamedValues.names(of: SettingsUpdate.Shared.self)
        let names = fields.map(\.name)
        #expect(!shared.isEmpty && Set(names).count == names.count)
        #expect(Set(names).isDisjoint(with: shared))
    }

    /// The form is the field list: each coding key has a control, each control a coding key.
    @Test func eachKindsFormDeclaresExactlyItsCodingKeys() throws {
        for type in TrainingKinds.ownSettings {
            let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(type.init())) as! [String: Any]
            #expect(Set(encoded.keys) == Set(type.names), "\(type)")
        }
    }

    /// Whatever a control offers, the server takes: every choice of a select, all the boxes, both
    /// states of a toggle.
    @Test func everyChoiceTheScreenOffersIsAccepted() throws {
        for field in fields {
            let values: [SettingValue] =
                switch field.control {
                case .toggle: [.flag(true), .flag(false)]
                case .select: field.choices.map(\.value)
                case .checkboxes: [.list(field.choices.map(\.value))]
                }
            for value in values {
                #expect(throws: Never.self, "\(field.name) = \(value)") {
                    try PeachSettings.default.applying(SettingsUpdate(kindValues: [field.name: value]))
                }
            }
        }
    }

    /// A kind's settings travel flat beside the shared ones, in the API and in the stored row, and a
    /// name no kind declares is not read.
    @Test func kindSettingsAreReadAndWrittenFlatBesideTheSharedOnes() throws {
        let json = Data(
            #"{"tempoBPM": 90, "chordVoicing": "arpeggio", "scaleDegrees": [1, 5], "someoneElses": 3}"#.utf8)
        let update = try JSONDecoder().decode(SettingsUpdate.self, from: json)
        #expect(update.tempoBPM == 90)
        #expect(
            update.kindValues == ["chordVoicing": .text("arpeggio"), "scaleDegrees": .list([.number(1), .number(5)])])
        let settings = try PeachSettings.default.applying(update)
        #expect(settings.training[ChordQualitySettings.self].chordVoicing == .arpeggio)
        let written =
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(SettingsUpdate(settings))) as! [String: Any]
        #expect(written["chordVoicing"] as? String == "arpeggio" && written["scaleDegrees"] as? [Int] == [1, 5])
        #expect(written["tempoBPM"] as? Int == 90 && written["kindValues"] == nil && written["shared"] == nil)
        #expect(
            try PeachSettings.default.applying(
                JSONDecoder().decode(SettingsUpdate.self, from: JSONEncoder().encode(SettingsUpdate(settings))))
                == settings)
    }

    /// Settings set back to a kind's defaults are the defaults: no trace of having been changed.
    @Test func settingsChangedBackAreTheDefaults() throws {
        let changed = try PeachSettings.default.applying(SettingsUpdate(kindValues: ["chordInversions": .flag(true)]))
        #expect(changed != .default)
        #expect(try changed.applying(SettingsUpdate(kindValues: ["chordInversions": .flag(false)])) == .default)
    }
}
