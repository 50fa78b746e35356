import Foundation
import Testing

@testable import PeachCore

struct SteadyPitchTests {
    /// A frame every 20 ms from `from` to `to` seconds, `cents(t)` from the target.
    static func frames(from: Double, to: Double, _ cents: (Double) -> Double?) -> [(Double, Double?)] {
        stride(from: from, to: to, by: 0.02).map { ($0, cents($0)) }
    }

    /// The first committed pitch and the time it came, if any.
    static func first(_ frames: [(Double, Double?)], rules: SingingRules = .standard) -> (time: Double, cents: Double)?
    {
        var steady = SteadyPitch(rules: rules)
        for (time, cents) in frames {
            if let held = steady.push(time: time, cents: cents) { return (time, held) }
        }
        return nil
    }

    @Test func aNoteWithVibratoIsCommittedAtItsCentreAfterTheSmoothingWindowAndTheHeldSecond() throws {
        let held = try #require(Self.first(Self.frames(from: 0, to: 3) { 23 + 30 * sin(2 * .pi * 5.5 * $0) }))
        #expect(abs(held.cents - 23) < 1.5)
        #expect(held.time >= 1.4 && held.time < 1.45)
    }

    @Test func aGlidingNoteIsNeverSteady() {
        // 40 ¢ a second: the averages of one second spread ±20 ¢.
        #expect(Self.first(Self.frames(from: 0, to: 4) { 40 * $0 }) == nil)
    }

    @Test func aShortDropoutDoesNotBreakTheNoteButALongOneStartsItAgain() throws {
        let short = try #require(Self.first(Self.frames(from: 0, to: 3) { $0 > 0.6 && $0 < 0.7 ? nil : -7 }))
        #expect(held(short.time, within: 1.4...1.45))
        let long = try #require(Self.first(Self.frames(from: 0, to: 3) { $0 > 0.6 && $0 < 0.8 ? nil : -7 }))
        // The note starts again at 0.8 s.
        #expect(held(long.time, within: 2.2...2.25))
        #expect(abs(long.cents + 7) < 1e-9)
    }

    @Test func theRulesDecide() throws {
        let rules = SingingRules(hold: .milliseconds(500), steadyCents: 3, smoothing: .milliseconds(200))
        let wobbly = Self.frames(from: 0, to: 3) { 10 * sin(2 * .pi * 1 * $0) }
        #expect(Self.first(wobbly, rules: rules) == nil)
        let steady = try #require(Self.first(Self.frames(from: 0, to: 3) { _ in 5 }, rules: rules))
        #expect(held(steady.time, within: 0.7...0.75))
    }

    @Test func latestIsTheMeanOfTheLastCommitWindowOnly() {
        var steady = SteadyPitch()
        #expect(steady.latest == nil)
        for (time, cents) in Self.frames(from: 0, to: 1.2, { $0 < 0.35 ? 100 : 10 }) {
            _ = steady.push(time: time, cents: cents)
        }
        #expect(abs(steady.latest! - 10) < 1e-9)
    }

    @Test func framesAnOctaveOffAreFoldedAndTheOctaveIsTheHighestAFifthOfTheFramesShow() throws {
        // Three frames in four an octave low (a voice whose cycles alternate), the rest where it sings.
        let mixed = try #require(
            Self.first(Self.frames(from: 0, to: 3) { -12 - (Int(($0 / 0.02).rounded()) % 4 == 0 ? 0 : 1200) }))
        #expect(abs(mixed.cents + 12) < 1e-9)
        // An octave low in nine frames of ten and below a fifth's share in its own: the octave sung is low.
        let low = try #require(
            Self.first(Self.frames(from: 0, to: 3) { -12 - (Int(($0 / 0.02).rounded()) % 10 == 0 ? 0 : 1200) }))
        #expect(abs(low.cents + 1212) < 1e-9)
    }

    private func held(_ time: Double, within range: ClosedRange<Double>) -> Bool { range.contains(time) }
}

/// The cases both implementations of the rule answer alike (the browser's in
/// Tests/e2e/test_steady_pitch_js.py), so they cannot drift apart.
struct SteadyPitchFixtureTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let name: String
            let committedAt: Int?
            let cents: Double?
            let frames: [[Double?]]
        }

        let cases: [Case]
    }

    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/steady-pitch.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    @Test func theSharedCasesCommitWhereAndAtWhatTheFixtureSays() {
        #expect(Self.fixture.cases.count >= 6)
        for fixtureCase in Self.fixture.cases {
            var steady = SteadyPitch()
            var committed: (index: Int, cents: Double)?
            for (index, frame) in fixtureCase.frames.enumerated() {
                if let held = steady.push(time: frame[0]!, cents: frame[1]) {
                    committed = (index, held)
                    break
                }
            }
            #expect(committed?.index == fixtureCase.committedAt, "\(fixtureCase.name)")
            if let cents = fixtureCase.cents {
                #expect(abs((committed?.cents ?? .nan) - cents) < 1e-9, "\(fixtureCase.name)")
            }
        }
    }
}
