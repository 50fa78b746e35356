import Foundation

/// Turns values into CSV cells. Every text cell passes `text(_:)`, so no exported cell can be read
/// by a spreadsheet as a formula.
enum CSVWriter {
    /// Bytes that, leading a cell, make Excel, LibreOffice and Google Sheets evaluate it as a formula.
    private static let formulaTriggers: [UInt8] = Array("=+-@\t\r".utf8)
    private static let quoteTriggers: [UInt8] = Array(",\"\n\r".utf8)

    /// A text cell: a leading formula character is defused with an apostrophe (OWASP's advice), and
    /// the cell is quoted when it holds a comma, quote or line break. Works on UTF-8 bytes: every
    /// exported row passes here.
    static func text(_ value: String) -> String {
        var cell = value
        if let first = cell.utf8.first, formulaTriggers.contains(first) { cell = "'" + cell }
        guard cell.utf8.contains(where: quoteTriggers.contains) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A number cell: Swift's shortest representation that reads back to the same Double, so an
    /// export re-imported is an exact duplicate of what is stored. Spreadsheets read `-12.5` as a
    /// number, not a formula.
    static func number(_ value: Double) -> String { value.description }

    static func integer(_ value: Int) -> String { String(value) }

    static func boolean(_ value: Bool) -> String { value ? "true" : "false" }
}
