import Testing

@testable import PeachServer

/// A request body must come at 500 bytes a second of the time the server waits for it; the time
/// the server is busy (and reads nothing) never counts against the client.
struct BodyPaceTests {
    let rule = BodyPace.Rule(bytesPerSecond: 500, window: .seconds(5))

    /// The verdicts at each time, in order, on one pace.
    static func verdicts(_ pace: inout BodyPace, at times: [Duration]) -> [Bool] {
        times.map { pace.isTooSlow(at: $0) }
    }

    @Test func aClientThatSendsNothingWhileTheServerWaitsIsTooSlow() {
        var pace = BodyPace(rule: rule)
        pace.started()
        pace.received(9, at: .seconds(0))
        pace.serverWaits(at: .seconds(0))
        // At 2 s it has not waited half a window yet.
        #expect(Self.verdicts(&pace, at: [.seconds(2), .seconds(5)]) == [false, true])
    }

    @Test func aByteNowAndThenIsTooSlowAndAStreamIsNot() {
        var dripping = BodyPace(rule: rule)
        var streaming = BodyPace(rule: rule)
        dripping.started()
        streaming.started()
        for tenth in 0..<50 {
            let now = Duration.milliseconds(tenth * 100)
            dripping.serverWaits(at: now)
            streaming.serverWaits(at: now)
            if tenth % 5 == 0 { dripping.received(1, at: now + .milliseconds(90)) }
            streaming.received(1_000, at: now + .milliseconds(90))
        }
        #expect(Self.verdicts(&dripping, at: [.seconds(5)]) == [true])
        #expect(Self.verdicts(&streaming, at: [.seconds(5)]) == [false])
    }

    @Test func timeTheServerSpendsBusyIsNotTheClients() {
        var pace = BodyPace(rule: rule)
        pace.started()
        pace.serverWaits(at: .seconds(0))
        pace.received(2_000, at: .seconds(1))
        // The server works on what it has until 10 s and asks for nothing: no window is judged.
        #expect(Self.verdicts(&pace, at: [.seconds(5), .seconds(10)]) == [false, false])
        pace.serverWaits(at: .seconds(10))
        pace.received(5_000, at: .seconds(11))
        pace.serverWaits(at: .seconds(11))
        // 7,000 bytes in 6 s of waiting are enough; the next window starts afresh, and brings nothing.
        #expect(Self.verdicts(&pace, at: [.seconds(15), .seconds(20)]) == [false, true])
    }

    @Test func nothingIsJudgedOnceTheBodyEnded() {
        var pace = BodyPace(rule: rule)
        pace.started()
        pace.serverWaits(at: .seconds(0))
        pace.ended()
        #expect(Self.verdicts(&pace, at: [.seconds(60)]) == [false])
    }
}
