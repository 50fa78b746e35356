import Foundation

/// A kind's own settings, declared in its folder: one `Codable` value whose coding keys are the
/// settings' names everywhere — the API, the stored settings, the Settings screen's controls and the
/// terminal's overrides. Settings several kinds read (the notes, the intervals, the tempo) stay in
/// `TrainingSettings` itself.
public protocol KindSettings: Codable, Hashable, Sendable {
    /// As a new user finds them.
    init()
    /// The Settings screen's group of controls, drawn for these values (a choice's label may follow
    /// another setting: a degree named by number or by solfège). Every coding key is one field, and
    /// each field's choices are the values it takes.
    var form: SettingsGroup { get }
    /// What no single field's choices can say (two degrees to tell apart once the altered ones
    /// count), and the stored form of the values (in the kind's order). `changed`: the fields the
    /// update set, to name the one to blame.
    func validated(changed: Set<String>) throws(SettingsError) -> Self
}

extension KindSettings {
    public func validated(changed: Set<String>) throws(SettingsError) -> Self { self }

    /// The names of its fields, as the catalogue lists the settings a discipline reads.
    public static var names: [String] { Self().form.fields.map(\.name) }

    /// Each field's value by its name.
    var values: [String: SettingValue] {
        // Encoding a plain struct of strings, numbers, truth values and lists of them cannot fail.
        let data = try! JSONEncoder().encode(self)
        return try! JSONDecoder().decode([String: SettingValue].self, from: data)
    }

    /// These settings with `changes` (raw values from outside) applied: each change must be one of
    /// its field's choices, then the kind checks the whole.
    func applying(_ changes: [String: SettingValue]) throws(SettingsError) -> Self {
        let fields = form.fields
        let mine = changes.filter { name, _ in fields.contains { $0.name == name } }
        guard !mine.isEmpty else { return self }
        for field in fields {
            if let value = mine[field.name] { try field.check(value) }
        }
        let merged = values.merging(mine) { $1 }
        let next: Self
        do {
            next = try JSONDecoder().decode(Self.self, from: JSONEncoder().encode(merged))
        } catch {
            throw SettingsError(field: mine.keys.sorted()[0], message: "is not a value this setting takes")
        }
        return try next.validated(changed: Set(mine.keys))
    }
}

/// Stores any kind's settings in `TrainingSettings`, compared and hashed by value.
struct StoredKindSettings: Hashable, Sendable {
    let value: any KindSettings

    init(_ value: any KindSettings) { self.value = value }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value.isEqual(to: rhs.value) }

    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}

extension KindSettings {
    fileprivate func isEqual(to other: any KindSettings) -> Bool { (other as? Self) == self }
}

extension TrainingSettings {
    /// A kind's own settings as the Settings screen draws them, for the values set now.
    public func form(of type: any KindSettings.Type) -> SettingsGroup {
        func form<Settings: KindSettings>(_ type: Settings.Type) -> SettingsGroup { self[type].form }
        return form(type)
    }
}
