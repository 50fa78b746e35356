import Testing

@testable import PeachCore

struct TapCalibrationTests {
    private let clicks = (0..<16).map { Double($0) * 0.75 }

    @Test func theLatencyIsTheMedianDelayOfTapsNearAClick() throws {
        // 14 taps 20–33 ms late, one 300 ms late (within half the 750 ms spacing), one far away.
        var taps = (0..<14).map { clicks[$0] + 0.020 + Double($0) * 0.001 }
        taps.append(clicks[14] + 0.300)
        taps.append(100)
        let calibration = try TapCalibration(clickSeconds: clicks, tapSeconds: taps)
        #expect(calibration.tapsUsed == 15)
        #expect(abs(calibration.latencyMs - 27) < 1e-9)
    }

    @Test func fewerThanEightTapsNearClicksIsAnError() {
        #expect(throws: TapCalibration.Failure.tooFewTaps(used: 7)) {
            try TapCalibration(clickSeconds: clicks, tapSeconds: (0..<7).map { clicks[$0] + 0.01 } + [50, 60])
        }
        #expect(throws: TapCalibration.Failure.tooFewClicks) { try TapCalibration(clickSeconds: [1], tapSeconds: [1]) }
    }
}
