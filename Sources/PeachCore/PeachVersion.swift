/// The version reported by `peach --version`, `/api/health` and the Info screen.
public enum PeachVersion {
    public static let current = "0.1.0"
}
