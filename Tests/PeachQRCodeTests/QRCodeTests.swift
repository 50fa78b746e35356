import Testing

@testable import PeachQRCode

struct QRCodeTests {
    static let url = "https://studio.local:8080/?token=0123456789abcdef0123456789abcdef"

    /// The 7×7 finder pattern: a dark ring, a light ring, a dark 3×3 core.
    static func hasFinder(_ code: QRCode, x: Int, y: Int) -> Bool {
        (0..<7).allSatisfy { dy in
            (0..<7).allSatisfy { dx in
                let ring = max(abs(dx - 3), abs(dy - 3))
                return code.isDark(x: x + dx, y: y + dy) == (ring != 2)
            }
        }
    }

    @Test func anAddressWithItsTokenIsTheSmallestCodeThatHoldsItWithFindersInThreeCorners() throws {
        let code = try QRCode(encoding: Self.url)
        // 64 bytes in 8-bit mode at level M: version 4 holds 62, version 5 holds 84.
        #expect(code.version == 5)
        #expect(code.size == 17 + 4 * code.version)
        #expect(Self.hasFinder(code, x: 0, y: 0))
        #expect(Self.hasFinder(code, x: code.size - 7, y: 0))
        #expect(Self.hasFinder(code, x: 0, y: code.size - 7))
        #expect(!Self.hasFinder(code, x: code.size - 7, y: code.size - 7))
        // The timing patterns alternate between the finders.
        #expect((8..<(code.size - 8)).allSatisfy { code.isDark(x: $0, y: 6) == ($0 % 2 == 0) })
        #expect((8..<(code.size - 8)).allSatisfy { code.isDark(x: 6, y: $0) == ($0 % 2 == 0) })
        #expect(try QRCode(encoding: Self.url) == code)
        #expect(try QRCode(encoding: Self.url + "x") != code)
    }

    @Test func theTerminalShowsTwoModulesPerCellWithAQuietZone() throws {
        let code = try QRCode(encoding: "https://192.168.1.20:8080/")
        let lines = code.terminalLines(ansi: false)
        #expect(lines.count == (code.size + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 8 })
        #expect(lines[0].allSatisfy { $0 == " " } && lines[1].allSatisfy { $0 == " " })
        // Line 2 holds rows 4 and 5: the finder's dark top edge over its ring's dark sides.
        #expect(lines[2].dropFirst(4).prefix(7) == "█▀▀▀▀▀█")
        // Read back, the cells are the matrix.
        for (row, line) in lines.enumerated() {
            for (column, cell) in line.enumerated() {
                let (x, y) = (column - 4, 2 * row - 4)
                #expect(("█▀".contains(cell)) == code.isDark(x: x, y: y))
                #expect(("█▄".contains(cell)) == code.isDark(x: x, y: y + 1))
            }
        }
        let ansi = code.terminalLines(ansi: true)
        #expect(ansi[3].hasPrefix("\u{1B}[30;47m") && ansi[3].hasSuffix("\u{1B}[0m"))
    }

    @Test func theSVGDrawsOneSquarePerDarkModuleInsideTheQuietZone() throws {
        let code = try QRCode(encoding: "https://studio.local:8443/")
        let svg = code.svg(title: "Peach <on> your phone & more")
        let side = code.size + 8
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\""))
        #expect(svg.contains("<title>Peach &lt;on> your phone &amp; more</title>"))
        // Read back, the squares are the matrix, offset by the quiet zone.
        let squares = svg.split(separator: "M").dropFirst().map { square in
            square.prefix { $0 != "h" }.split(separator: " ").map { Int($0)! }
        }
        let dark = (0..<code.size).flatMap { y in
            (0..<code.size).filter { code.isDark(x: $0, y: y) }.map { [$0 + 4, y + 4] }
        }
        #expect(squares == dark)
    }

    @Test func aTextTooLongForAnyVersionIsAnError() {
        #expect(throws: QRCodeError.tooLong(3000)) { try QRCode(encoding: String(repeating: "a", count: 3000)) }
    }
}
