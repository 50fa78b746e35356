import Foundation

enum Output {
    /// Writes one line to standard output unbuffered, so a reading pipe sees it at once. A reader
    /// that has gone (`peach profile | head -1`) is not an error: the line is dropped, and a server
    /// whose output nobody reads keeps serving.
    static func line(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
    }
}
