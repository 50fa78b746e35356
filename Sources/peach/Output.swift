import Foundation

enum Output {
    /// Writes one line to standard output unbuffered, so a reading pipe sees it at once.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
