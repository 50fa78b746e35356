import CQRencode

/// A QR code of a text (the address a phone opens), encoded by libqrencode: the module matrix and
/// what a terminal shows of it. No hand-written encoder: the error correction and masking are
/// the library's, as every scanner expects them.
public struct QRCode: Equatable, Sendable {
    /// Modules per side (21 for version 1, 4 more per version).
    public let size: Int
    /// The QR version libqrencode chose, the smallest that holds the text.
    public let version: Int
    /// Row by row: true is a dark module.
    public let modules: [Bool]

    /// Medium error correction (15 %): a code on a screen is read whole, yet a reflection or a
    /// smudge on a laptop's display should not stop it.
    public init(encoding text: String) throws(QRCodeError) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { throw .tooLong(text.utf8.count) }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        version = Int(code.pointee.version)
        // Bit 0 of each byte is the module's colour; the other bits say what part of the symbol it is.
        modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false } // the quiet zone is light
        return modules[y * size + x]
    }

    /// Two modules per character cell, top and bottom half, with the 4-module quiet zone scanners
    /// need around it. `ansi`: black on white whatever the terminal's colours (a light code on a
    /// dark theme does not scan with every phone); without it, dark modules are the glyphs' ink.
    public func terminalLines(ansi: Bool) -> [String] {
        let quiet = 4
        let range = -quiet..<(size + quiet)
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { y in
            let cells = range.map { x -> Character in
                switch (isDark(x: x, y: y), isDark(x: x, y: y + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }
            let line = String(cells)
            return ansi ? "\u{1B}[30;47m" + line + "\u{1B}[0m" : line
        }
    }
}

extension QRCode {
    /// The code as an SVG image for a page: one path of unit squares on a white square with the
    /// quiet zone, drawn black on white whatever the page's colours (as in the terminal), and
    /// scaled by the page without blur (`crispEdges`). `title` names it for screen readers.
    public func svg(title: String) -> String {
        let quiet = 4
        let side = size + 2 * quiet
        var path = ""
        for y in 0..<size {
            for x in 0..<size where isDark(x: x, y: y) {
                path += "M\(x + quiet) \(y + quiet)h1v1h-1z"
            }
        }
        let escaped = title.map { $0 == "&" ? "&amp;" : $0 == "<" ? "&lt;" : String($0) }.joined()
        return
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" shape-rendering=\"crispEdges\">"
            + "<title>\(escaped)</title><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path fill=\"#000\" d=\"\(path)\"/></svg>"
    }
}

public enum QRCodeError: Error, Equatable, CustomStringConvertible {
    case tooLong(Int)

    public var description: String {
        switch self {
        case .tooLong(let bytes): "a QR code cannot hold \(bytes) bytes"
        }
    }
}
