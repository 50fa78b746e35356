import Foundation
import Hummingbird
import PeachCore

/// The rows of the teachers' assignment tables last sent, as bytes, by assignment and student. A class
/// of 1,000 students with five tasks makes a table of ~550 KB, and encoding it was most of a warm view
/// (85 ms median while 20 students answered, against a goal of 50): an answer changes one student's
/// row, so a view encodes again the rows that changed and sends the others as they were.
actor EncodedAssignmentRows {
    private struct Key: Hashable {
        let assignment: Int64
        let student: UserID
    }

    private var rows: [Key: (row: AssignmentTable.Row, body: ByteBuffer)] = [:]
    /// Rows kept: a few teachers' classes of 1,000 with a few assignments each.
    private let capacity: Int

    init(capacity: Int = 50_000) {
        self.capacity = capacity
    }

    /// `GET /api/classes/{id}/assignments`' body: `AssignmentTablesResponse` as JSON.
    func json(of tables: [AssignmentTable], now: Date) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        var body = ByteBuffer(string: #"{"assignments":["#)
        for (index, table) in tables.enumerated() {
            if index > 0 { body.writeString(",") }
            body.writeString(#"{"assignment":"#)
            body.writeBytes(try encoder.encode(AssignmentResponse(table.assignment, now: now)))
            body.writeString(#","rows":["#)
            for (number, row) in table.rows.enumerated() {
                if number > 0 { body.writeString(",") }
                body.writeImmutableBuffer(try self.body(of: row, in: table.assignment.id, encoder))
            }
            body.writeString("]}")
        }
        body.writeString(#"],"limits":"#)
        body.writeBytes(try encoder.encode(AssignmentLimits.current))
        body.writeString("}")
        return body
    }

    private func body(of row: AssignmentTable.Row, in assignment: Int64, _ encoder: JSONEncoder) throws -> ByteBuffer {
        let key = Key(assignment: assignment, student: row.student.id)
        if let kept = rows[key], kept.row == row { return kept.body }
        let body = ByteBuffer(data: try encoder.encode(AssignmentRowResponse(row)))
        if rows[key] == nil, rows.count >= capacity { rows.removeAll() }
        rows[key] = (row, body)
        return body
    }
}
