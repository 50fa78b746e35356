import Testing

@testable import PeachCore

struct PendingTrialsTests {
    @Test func tellsPendingAnsweredAndUnknownApart() {
        var trials = PendingTrials<Int>()
        let id = "t-7"
        trials.issue(7, id: id)
        #expect(trials.lookup(id) == .pending)
        #expect(trials.trial(id) == 7)
        trials.resolve(id)
        #expect(trials.lookup(id) == .alreadyAnswered)
        #expect(trials.trial(id) == nil)
        #expect(trials.lookup("never-issued") == .unknown)
    }

    @Test func reopenedTrialsCanBeAnsweredAgain() {
        var trials = PendingTrials<Int>()
        let id = "t-1"
        trials.issue(1, id: id)
        trials.resolve(id)
        trials.reopen(1, id: id)
        #expect(trials.lookup(id) == .pending)
    }

    @Test func abandonedTrialsAreForgottenBeyondCapacity() {
        var trials = PendingTrials<Int>(capacity: 3)
        let ids = (0..<5).map { "t-\($0)" }
        for (trial, id) in ids.enumerated() { trials.issue(trial, id: id) }
        #expect(trials.lookup(ids[0]) == .unknown)
        #expect(trials.lookup(ids[1]) == .unknown)
        #expect(ids[2...].allSatisfy { trials.lookup($0) == .pending })
    }
}
