import Foundation
import HTTPTypes
import Hummingbird
import PeachAudio
import Testing

@testable import PeachCore
@testable import PeachServer

/// Compare Timing, Fill the Gap, the calibration and the click, through the API.
struct RhythmAPITests {
    static func post(_ uri: String, _ body: String, _ client: RouterClient) async throws -> (
        HTTPResponse.Status, [String: Any]
    ) {
        try await TrialAPITests.post(uri, body, client)
    }

    static func records(_ discipline: Discipline, _ client: RouterClient) async throws -> [[String: Any]] {
        try await client.execute(uri: "/api/records?discipline=\(discipline.rawValue)", method: .get) { response in
            let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: [[String: Any]]]
            return body?["records"] ?? []
        }
    }

    static func message(_ body: [String: Any]) -> String {
        (body["error"] as? [String: Any])?["message"] as? String ?? ""
    }

    @Test func theTempoIsASettingFrom40To200() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            try await client.execute(uri: "/api/settings", method: .get) { response in
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect((body["settings"] as? [String: Any])?["tempoBPM"] as? Int == 80)
                #expect((body["ranges"] as? [String: Any])?["tempoBPM"] as? [Int] == [40, 200])
            }
            for (bpm, status) in [(39, HTTPResponse.Status.badRequest), (201, .badRequest), (120, .ok)] {
                try await client.execute(
                    uri: "/api/settings", method: .put, headers: [.contentType: "application/json"],
                    body: TestApp.json(#"{"tempoBPM":\#(bpm)}"#)
                ) { #expect($0.status == status, "\(bpm)") }
            }
            let (_, trial) = try await Self.post("/api/trials", #"{"discipline":"rhythmComparison"}"#, client)
            #expect(trial["tempoBPM"] as? Int == 120 && trial["tempoBand"] as? String == "120-159")
            #expect(trial["sixteenthSeconds"] as? Double == 0.125)
        }
    }

    @Test func compareTimingIsServedJudgedAndStored() async throws {
        let environment = ServerEnvironment.fixed()
        let directory = TestApp.Directory()
        try await TestApp.with(directory, environment: environment) { client in
            let (status, trial) = try await Self.post("/api/trials", #"{"discipline":"rhythmComparison"}"#, client)
            #expect(status == .created)
            let id = try #require(trial["id"] as? String)
            let clicks = try #require(trial["clickSeconds"] as? [Double])
            let offsetMs = try #require(trial["offsetMs"] as? Double)
            #expect(clicks.count == 4 && clicks[1] == 0.1875 && clicks[3] == 0.5625)
            #expect(abs((clicks[2] - 0.375) * 1000 - offsetMs) < 1e-9)
            // A cold chain starts at its widest, 20 % of a sixteenth.
            #expect(trial["offsetPercent"] as? Double == 20)
            #expect(abs(abs(offsetMs) - 37.5) < 1e-9)
            #expect((trial["session"] as? [String: Double])?["answersOpenSeconds"] == clicks[2])

            let (refused, error) = try await Self.post("/api/trials/\(id)/answer", #"{"answer":"higher"}"#, client)
            #expect(refused == .badRequest && Self.message(error).contains("early or late"))
            let (alsoRefused, _) = try await Self.post("/api/trials/\(id)/answer", #"{"answer":"soon"}"#, client)
            #expect(alsoRefused == .badRequest)
            #expect(try await Self.records(.rhythmComparison, client).isEmpty)

            let right = offsetMs < 0 ? "early" : "late"
            let (answered, result) = try await Self.post("/api/trials/\(id)/answer", #"{"answer":"\#(right)"}"#, client)
            #expect(answered == .ok)
            #expect(
                result["isCorrect"] as? Bool == true && result["offsetMs"] as? Double == offsetMs
                    && result["offsetPercent"] as? Double == 20)
            #expect(try await Self.post("/api/trials/\(id)/answer", #"{"answer":"\#(right)"}"#, client).0 == .conflict)

            // Correct: the chain narrows (Kazez); the other direction has fewer records now.
            let (_, next) = try await Self.post("/api/trials", #"{"discipline":"rhythmComparison"}"#, client)
            #expect(next["offsetPercent"] as? Double == 15.5)
            #expect(((next["offsetMs"] as? Double ?? 0) < 0) != (offsetMs < 0))
        }
        // Stored: still there after a restart.
        try await TestApp.with(directory, environment: environment) { client in
            let records = try await Self.records(.rhythmComparison, client)
            #expect(records.count == 1)
            #expect(records.first?["tempoBPM"] as? Int == 80 && records.first?["isCorrect"] as? Bool == true)
            #expect(
                records.first?["offsetPercent"] as? Double == 20
                    && abs(abs(records.first?["offsetMs"] as? Double ?? 0) - 37.5) < 1e-9)
        }
    }

    @Test func fillTheGapJudgesEveryTapAndStoresTheFigures() async throws {
        let environment = ServerEnvironment.fixed()
        let directory = TestApp.Directory()
        try await TestApp.with(directory, environment: environment) { client in
            let (status, trial) = try await Self.post("/api/trials", #"{"discipline":"rhythmMatching"}"#, client)
            #expect(status == .created)
            let id = try #require(trial["id"] as? String)
            let gaps = try #require(trial["gapSeconds"] as? [Double])
            let positions = try #require(trial["gapPositions"] as? [Int])
            #expect(gaps.count == 16 && positions.count == 16 && trial["cycles"] as? Int == 16)
            #expect((trial["clickSeconds"] as? [Double])?.count == 48)

            let (refused, error) = try await Self.post("/api/trials/\(id)/answer", #"{"tapSeconds":"soon"}"#, client)
            #expect(refused == .badRequest)
            #expect(!Self.message(error).isEmpty)
            let tooMany = "[" + Array(repeating: "0.5", count: 201).joined(separator: ",") + "]"
            #expect(
                try await Self.post("/api/trials/\(id)/answer", #"{"tapSeconds":\#(tooMany)}"#, client).0 == .badRequest
            )
            #expect(try await Self.post("/api/trials/\(id)/answer", #"{"answer":"early"}"#, client).0 == .badRequest)

            // The first eight gaps hit 10 ms late, one stray tap far from every gap.
            let taps = gaps.prefix(8).map { $0 + 0.010 } + [1_000]
            let body = #"{"tapSeconds":[\#(taps.map { String($0) }.joined(separator: ","))]}"#
            let (answered, result) = try await Self.post("/api/trials/\(id)/answer", body, client)
            #expect(answered == .ok)
            #expect(result["hitRate"] as? Double == 0.5)
            #expect(abs((result["meanOffsetMs"] as? Double ?? 0) - 10) < 1e-6)
            #expect(abs(result["offsetSDMs"] as? Double ?? 1) < 1e-6)
            let judged = try #require(result["taps"] as? [[String: Any]])
            #expect(judged.count == 9)
            #expect(judged.prefix(8).enumerated().allSatisfy { $0.element["gap"] as? Int == $0.offset })
            #expect(judged[8]["gap"] is NSNull && judged[8]["offsetMs"] is NSNull)
            let byPosition = try #require(result["meanOffsetMsByPosition"] as? [Any])
            let hitPositions = Set(positions.prefix(8))
            for position in 0..<4 {
                #expect((byPosition[position] is NSNull) == !hitPositions.contains(position))
            }
        }
        try await TestApp.with(directory, environment: environment) { client in
            let records = try await Self.records(.rhythmMatching, client)
            #expect(records.count == 1)
            #expect(records.first?["hitRate"] as? Double == 0.5 && records.first?["tempoBPM"] as? Int == 80)
            #expect(abs((records.first?["meanOffsetMs"] as? Double ?? 0) - 10) < 1e-6)
        }
    }

    @Test func theCalibrationIsTheMedianTapDelay() async throws {
        try await TestApp.with { client in
            let clicks = (0..<16).map { Double($0) * 0.75 }
            let taps = clicks.map { $0 + 0.025 }
            let body = #"{"clickSeconds":\#(clicks),"tapSeconds":\#(taps)}"#
            let (status, result) = try await Self.post("/api/rhythm/calibration", body, client)
            #expect(status == .ok)
            #expect(abs((result["latencyMs"] as? Double ?? 0) - 25) < 1e-6 && result["tapsUsed"] as? Int == 16)
            let (few, error) = try await Self.post(
                "/api/rhythm/calibration", #"{"clickSeconds":\#(clicks),"tapSeconds":[0.02,0.77]}"#, client)
            #expect(few == .badRequest && Self.message(error).contains("at least 8"))
            #expect(try await Self.post("/api/rhythm/calibration", #"{"clickSeconds":[0,1]}"#, client).0 == .badRequest)
        }
    }

    @Test func theCalibrationsClicksAreABeatApartAtTheTempoSetting() async throws {
        try await TestApp.with { client in
            try await client.execute(
                uri: "/api/settings", method: .put, headers: [.contentType: "application/json"],
                body: TestApp.json(#"{"tempoBPM":96}"#)
            ) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/rhythm/calibration", method: .get) { response in
                let body = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let clicks = try #require(body["clickSeconds"] as? [Double])
                #expect(clicks.count == 16)
                #expect(clicks.enumerated().allSatisfy { abs($1 - Double($0) * 60 / 96) < 1e-12 })
            }
        }
    }

    @Test func theClickIsServedAsAWAVLoudFromItsFirstSample() async throws {
        try await TestApp.with { client in
            try await client.execute(uri: "/api/sounds/click.wav", method: .get) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "audio/wav")
                let wav = try WAVFile(decoding: Data(buffer: response.body))
                #expect(wav.sampleRate == 48_000 && wav.samples.count <= 48 * 60)
                #expect(abs(wav.samples[0]) > Click.peak / 2)
            }
        }
    }
}
