/// A kind's settings as the Settings screen shows them: a group of controls under a heading. Texts
/// are keys of the page's translations (`i18n.js`), so each string is translated in one place.
public struct SettingsGroup: Hashable, Sendable, Codable {
    /// Names the group's fieldset (`settings-<id>`), so tests and links can find it.
    public let id: String
    /// The group's heading, a translation key.
    public let legend: String
    public let fields: [SettingField]

    public init(id: String, legend: String, fields: [SettingField]) {
        self.id = id
        self.legend = legend
        self.fields = fields
    }
}
