/// Where settings persist between runs.
public protocol SettingsStore: Sendable {
    /// nil when nothing was ever saved.
    func loadSettings() async throws(DataStoreError) -> SettingsUpdate?
    func save(_ settings: PeachSettings) async throws(DataStoreError)
}
