/// One of a kind's settings: its name (the coding key), how it is chosen and from what. The
/// server checks a change against exactly these choices; the page draws the control from them; the
/// API document states them.
public struct SettingField: Hashable, Sendable, Codable {
    public enum Control: String, Hashable, Sendable, Codable, CaseIterable {
        /// On or off.
        case toggle
        /// One of the choices.
        case select
        /// Any set of the choices, at least `minimum` of them.
        case checkboxes
    }

    /// One value the field can take, with its label.
    public struct Choice: Hashable, Sendable, Codable {
        public let value: SettingValue
        /// A translation key, or nil where `text` is the label already (a degree's ♭3 or "me").
        public let label: String?
        public let text: String?

        public init(_ value: SettingValue, label: String) {
            self.value = value
            self.label = label
            text = nil
        }

        public init(_ value: SettingValue, text: String) {
            self.value = value
            label = nil
            self.text = text
        }
    }

    public let name: String
    /// The control's label, a translation key.
    public let label: String
    public let control: Control
    public let choices: [Choice]
    /// For checkboxes: how many must stay chosen.
    public let minimum: Int
    /// For checkboxes: what the page says when the server refuses the choice (a translation key).
    public let tooFew: String?
    /// What the API document says of it.
    public let summary: String
    /// The terminal option that overrides it for one session, without its dashes; nil for none.
    public let terminalFlag: String?

    public static func toggle(_ name: String, label: String, summary: String) -> SettingField {
        SettingField(
            name: name, label: label, control: .toggle, choices: [], minimum: 0, tooFew: nil, summary: summary,
            terminalFlag: nil)
    }

    public static func select(
        _ name: String, label: String, choices: [Choice], summary: String, terminalFlag: String? = nil
    ) -> SettingField {
        SettingField(
            name: name, label: label, control: .select, choices: choices, minimum: 1, tooFew: nil, summary: summary,
            terminalFlag: terminalFlag)
    }

    public static func checkboxes(
        _ name: String, label: String, choices: [Choice], minimum: Int, tooFew: String, summary: String,
        terminalFlag: String? = nil
    ) -> SettingField {
        SettingField(
            name: name, label: label, control: .checkboxes, choices: choices, minimum: minimum, tooFew: tooFew,
            summary: summary,
            terminalFlag: terminalFlag)
    }

    /// A value from outside must be one this field takes: one of its choices, a set of different ones
    /// (at least `minimum`), or true or false.
    func check(_ value: SettingValue) throws(SettingsError) {
        let values = choices.map(\.value)
        switch (control, value) {
        case (.toggle, .flag):
            return
        case (.select, let chosen) where values.contains(chosen):
            return
        case (.checkboxes, .list(let chosen))
        where chosen.allSatisfy(values.contains) && Set(chosen).count == chosen.count && chosen.count >= minimum:
            return
        case (.toggle, _):
            throw SettingsError(field: name, message: "must be true or false, got \(value)")
        case (.select, _):
            throw SettingsError(field: name, message: "must be one of \(SettingValue.list(values)), got \(value)")
        case (.checkboxes, _):
            let count = minimum == 0 ? "" : minimum == 1 ? "one or more " : "at least \(minimum) "
            throw SettingsError(
                field: name, message: "must be \(count)different values of \(SettingValue.list(values)), got \(value)")
        }
    }
}
