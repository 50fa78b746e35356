/// Why a file was rejected, and where: nothing of a rejected file is written.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the file; 0 when the problem is the file as a whole (its size, say).
    public let line: Int
    public let reason: String

    public init(line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
}
