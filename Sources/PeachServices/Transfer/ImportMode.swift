/// What an import does with the records already stored.
public enum ImportMode: String, CaseIterable, Sendable, Codable {
    /// Add the file's records; a record already stored (same kind, same millisecond, same fields)
    /// is skipped.
    case merge
    /// Every stored record goes; the file's records take their place.
    case replace
}
