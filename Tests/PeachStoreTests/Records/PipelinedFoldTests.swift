import Testing

@testable import PeachStore

/// The fold runs on a thread of its own: it must still see every record, once, in the order read.
struct PipelinedFoldTests {
    @Test func foldsEveryRecordInOrderAcrossManyChunks() {
        let count = PipelinedFold<Int, [Int]>.chunkSize * 5 + 17
        let fold = PipelinedFold<Int, [Int]>([]) { $0.append($1) }
        for record in 0..<count { fold.add(record) }
        #expect(fold.finish() == Array(0..<count))
    }

    @Test func nothingAddedFoldsToTheInitialValue() {
        #expect(PipelinedFold<Int, Int>(42) { $0 += $1 }.finish() == 42)
    }
}
