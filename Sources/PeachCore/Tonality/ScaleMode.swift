/// A major or a minor key: what the cadence establishes and which degrees are the scale's own.
public enum ScaleMode: String, Hashable, RecordEnumeration {
    case major, minor
}
