import Foundation
import Hummingbird
import PeachCore

/// `POST /api/rhythm/calibration`: the clicks played and the taps heard, on one time base.
struct CalibrationRequest: Decodable, APIDescribed {
    static let maximumCount = 200

    let clickSeconds: [Double]?
    let tapSeconds: [Double]?

    func parsed() throws -> TapCalibration {
        guard let clickSeconds, let tapSeconds else {
            throw HTTPError(
                .badRequest, message: "the body must hold clickSeconds and tapSeconds, each a list of seconds")
        }
        for (name, values) in [("clickSeconds", clickSeconds), ("tapSeconds", tapSeconds)] {
            guard values.count <= Self.maximumCount else {
                throw HTTPError(.badRequest, message: "\(name) must hold at most \(Self.maximumCount) times")
            }
        }
        do throws(TapCalibration.Failure) {
            return try TapCalibration(clickSeconds: clickSeconds, tapSeconds: tapSeconds)
        } catch {
            throw HTTPError(.badRequest, message: error.description)
        }
    }

    static var apiNotes: [String: APINote] {
        [
            "clickSeconds": APINote.required.with("maxItems", maximumCount).describe(
                "When each calibration click sounded."),
            "tapSeconds": APINote.required.with("maxItems", maximumCount)
                .describe("When each tap was heard, on the clicks' time base, corrected for output latency."),
        ]
    }
}

/// `GET /api/rhythm/calibration`: the clicks to tap along with, at the tempo setting.
struct CalibrationPlan: ResponseEncodable, Decodable, APIDescribed {
    let clickSeconds: [Double]

    static var apiNotes: [String: APINote] {
        [
            "clickSeconds": .describe(
                "When each click sounds, in seconds from the first: a beat apart at the tempo setting.")
        ]
    }
}

struct CalibrationResponse: ResponseEncodable, Decodable {
    let latencyMs: Double
    let tapsUsed: Int
}
