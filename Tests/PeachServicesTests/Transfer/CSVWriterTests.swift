import Testing

@testable import PeachServices

struct CSVWriterTests {
    @Test func aTextCellCannotRunAsAFormula() {
        #expect(CSVWriter.text("=HYPERLINK(\"http://evil.example\")") == "\"'=HYPERLINK(\"\"http://evil.example\"\")\"")
        #expect(CSVWriter.text("+1") == "'+1")
        #expect(CSVWriter.text("-2+3") == "'-2+3")
        #expect(CSVWriter.text("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVWriter.text("\tcmd") == "'\tcmd")
        #expect(CSVWriter.text("\r=1") == "\"'\r=1\"")
        #expect(CSVWriter.text("comparison") == "comparison")
        #expect(CSVWriter.text("a,b") == "\"a,b\"")
    }

    @Test func numbersStayNumbersAndReadBackExactly() {
        for value in [-12.5, 0.1 + 0.2, -1e-7, 1199.999999999, -0.0, 5e-324] {
            let cell = CSVWriter.number(value)
            #expect(FieldReader.isDecimal(cell), "\(cell)")
            #expect(Double(cell)?.bitPattern == value.bitPattern)
        }
    }
}
