import PeachCore

/// Why an import wrote nothing.
public enum ImportFailure: Error, Sendable, CustomStringConvertible {
    /// The file: where and what (a file is checked as it is written, so its last line may be the bad one).
    case rejected(ImportError)
    /// Another import of the same records is running; one at a time, so that neither waits for
    /// the other's file while holding what it needs.
    case busy
    case store(DataStoreError)

    public var description: String {
        switch self {
        case .rejected(let error): error.description
        case .busy: "another import of these records is running; try again once it has finished"
        case .store(let error): error.description
        }
    }
}
