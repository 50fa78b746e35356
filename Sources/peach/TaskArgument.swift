import Foundation
import PeachCore

/// A task as `peach assignments add --task` takes it: `DISCIPLINE:GOAL[:SETTING=VALUE…]`, the goal
/// `answers=N`, `threshold=CENTS` or `measure`, each setting a field of `PUT /api/settings` with its value in
/// JSON (`tempoBPM=90`, `intervals=[{"name":"P5"}]`) or else as text (`tuningSystem=justIntonation`).
/// Only the spelling is read here: which disciplines, goals and settings are allowed is
/// `AssignmentDraft`'s to judge, as it does for the API.
enum TaskArgument {
    static let syntax =
        "DISCIPLINE:answers=N, DISCIPLINE:threshold=CENTS or DISCIPLINE:measure, then any :SETTING=VALUE"

    static func raw(_ text: String) throws -> AssignmentDraft.RawTask {
        let parts = pieces(text)
        guard let discipline = parts.first, !discipline.contains("="), parts.count > 1 else {
            throw PeachFailure("--task '\(text)': give \(syntax)")
        }
        var task = AssignmentDraft.RawTask(discipline: discipline)
        var settings: [(name: String, value: String)] = []
        for part in parts.dropFirst() {
            if part == "measure" {
                guard task.measure == nil else { throw PeachFailure("--task '\(text)': measure is set twice") }
                task.measure = true
                continue
            }
            let name = String(part.prefix { $0 != "=" })
            let value = String(part.dropFirst(name.count + 1))
            guard part.contains("="), !name.isEmpty else {
                throw PeachFailure("--task '\(text)': '\(part)' is not NAME=VALUE")
            }
            guard name != "answers" || task.answers == nil, name != "threshold" || task.threshold == nil,
                !settings.contains(where: { $0.name == name })
            else { throw PeachFailure("--task '\(text)': \(name) is set twice") }
            switch name {
            case "answers":
                guard let answers = Int(value) else {
                    throw PeachFailure("--task '\(text)': answers is a whole number, got '\(value)'")
                }
                task.answers = answers
            case "threshold":
                guard let threshold = Double(value), threshold.isFinite else {
                    throw PeachFailure("--task '\(text)': threshold is a number of cents, got '\(value)'")
                }
                task.threshold = threshold
            default: settings.append((name, value))
            }
        }
        task.settings = try update(settings, of: text)
        return task
    }

    /// The pieces between colons; a colon inside a setting's JSON value (`[{"name":"P5"}]`) does
    /// not start a piece, as only `NAME=` does.
    private static func pieces(_ text: String) -> [String] {
        var pieces: [String] = []
        for piece in text.split(separator: ":", omittingEmptySubsequences: false).map(String.init) {
            let startsSetting = piece.firstIndex(of: "=").map { index in
                index > piece.startIndex && piece[..<index].allSatisfy { $0.isLetter || $0.isNumber }
            }
            if pieces.count > 1, startsSetting != true {
                pieces[pieces.count - 1] += ":" + piece
            } else {
                pieces.append(piece)
            }
        }
        return pieces
    }

    /// The settings as the API's JSON object reads them; a name the API would pass over unread is
    /// refused here, so a typing error is not a task without its setting.
    private static func update(_ settings: [(name: String, value: String)], of text: String) throws
        -> SettingsUpdate
    {
        let encoder = JSONEncoder()
        let members = try settings.map { setting in
            let isJSON =
                (try? JSONSerialization.jsonObject(with: Data(setting.value.utf8), options: .fragmentsAllowed))
                != nil
            let value = isJSON ? setting.value : String(decoding: try encoder.encode(setting.value), as: UTF8.self)
            return String(decoding: try encoder.encode(setting.name), as: UTF8.self) + ":" + value
        }
        let update: SettingsUpdate
        do {
            update = try JSONDecoder().decode(
                SettingsUpdate.self, from: Data("{\(members.joined(separator: ","))}".utf8))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let name = context.codingPath.first?.stringValue ?? "a setting"
            throw PeachFailure("--task '\(text)': \(name) has a value of the wrong kind")
        }
        let read = try JSONSerialization.jsonObject(with: encoder.encode(update)) as? [String: Any] ?? [:]
        if let unknown = settings.first(where: { read[$0.name] == nil }) {
            throw PeachFailure("--task '\(text)': no setting '\(unknown.name)' (the names of PUT /api/settings)")
        }
        return update
    }
}
