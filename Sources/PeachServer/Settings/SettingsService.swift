import Logging
import PeachCore

/// The current settings, persisted on every change; trials read them when they are made, so a
/// change applies to the very next trial.
public actor SettingsService {
    private let store: any SettingsStore
    public private(set) var current: PeachSettings

    public init(store: any SettingsStore, logger: Logger) async throws(DataStoreError) {
        self.store = store
        var settings = PeachSettings.default
        if let saved = try await store.loadSettings() {
            do {
                settings = try PeachSettings.default.applying(saved)
            } catch {
                // A row written by another version that no longer validates: keep the defaults.
                logger.warning("stored settings ignored", metadata: ["reason": "\(error)"])
            }
        }
        current = settings
    }

    public enum UpdateError: Error {
        case invalid(SettingsError)
        case notSaved(DataStoreError)
    }

    /// Validates the whole change first; an invalid field changes nothing.
    public func update(_ update: SettingsUpdate) async throws(UpdateError) -> PeachSettings {
        let next: PeachSettings
        do {
            next = try current.applying(update)
        } catch {
            throw .invalid(error)
        }
        do {
            try await store.save(next)
        } catch {
            throw .notSaved(error)
        }
        current = next
        return next
    }
}
