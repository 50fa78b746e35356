import Testing

@testable import PeachServer

/// Each remote address holds at most its share of connections; one address's share is not another's.
struct ConnectionLedgerTests {
    @Test func anAddressAtItsLimitIsRefusedUntilOneOfItsConnectionsCloses() {
        let ledger = ConnectionLedger(limit: 3)
        #expect((0..<3).allSatisfy { _ in ledger.admit("192.0.2.7") })
        #expect(!ledger.admit("192.0.2.7"))
        #expect(ledger.admit("192.0.2.8"))
        ledger.release("192.0.2.7")
        #expect(ledger.admit("192.0.2.7"))
        #expect(ledger.counts == ["192.0.2.7": 3, "192.0.2.8": 1])
        ledger.release("192.0.2.8")
        #expect(ledger.counts == ["192.0.2.7": 3])
    }
}
