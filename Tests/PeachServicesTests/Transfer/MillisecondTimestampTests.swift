import Foundation
import Testing

@testable import PeachServices

struct MillisecondTimestampTests {
    @Test func formatsISOAndStorageTextWithMilliseconds() {
        let timestamp = MillisecondTimestamp(millisecondsSince1970: 1_763_799_302_125)
        #expect(timestamp.iso8601 == "2025-11-22T08:15:02.125Z")
        #expect(timestamp.storageText == "2025-11-22 08:15:02.125")
    }

    @Test func parsesWhatItFormatsAcrossCenturiesAndLeapDays() {
        for milliseconds: Int64 in [
            0, 951_782_400_000, -2_208_988_800_000, 4_107_542_399_999, 1_709_164_800_001, 253_402_300_799_999,
        ] {
            let timestamp = MillisecondTimestamp(millisecondsSince1970: milliseconds)
            #expect(MillisecondTimestamp(iso8601: timestamp.iso8601) == timestamp, "\(timestamp.iso8601)")
            #expect(MillisecondTimestamp(storageText: timestamp.storageText) == timestamp)
        }
    }

    @Test func agreesWithFoundationOnZonesAndFractions() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let cases = [
            ("2026-03-01T10:15:05.250+01:00", "2026-03-01T09:15:05.250Z"),
            ("2026-03-01T09:15:02Z", "2026-03-01T09:15:02.000Z"),
            ("2026-03-01T04:45:02.1234567-04:30", "2026-03-01T09:15:02.123Z"),
            ("2024-02-29T23:59:59.999Z", "2024-02-29T23:59:59.999Z"),
        ]
        for (input, expected) in cases {
            let parsed = try #require(MillisecondTimestamp(iso8601: input), "\(input)")
            #expect(parsed.iso8601 == expected)
            let date = try #require(formatter.date(from: expected))
            #expect(parsed == MillisecondTimestamp(date))
        }
    }

    @Test func rejectsAnythingAmbiguousOrImpossible() {
        for text in [
            "", "2026-03-01", "2026-03-01T09:15:02", "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z", "2026-03-01T24:00:00Z", "2026-03-01T09:60:00Z", "2026-03-01T09:15:60Z",
            "1899-12-31T23:59:59Z", "2026-03-01T09:15:02.Z", "2026-03-01T09:15:02ZZ", " 2026-03-01T09:15:02Z",
            "=2026-03-01T09:15:02Z", "2026-03-01T09:15:02+25:00", "NaN", "١٩٧٠-01-01T00:00:00Z",
        ] {
            #expect(MillisecondTimestamp(iso8601: text) == nil, "\(text)")
        }
    }

    @Test func roundsADateReadBackFromTextToTheNearestMillisecond() {
        let date = Date(timeIntervalSince1970: 1_763_799_302.125 - 1e-7)
        #expect(MillisecondTimestamp(date).millisecondsSince1970 == 1_763_799_302_125)
    }
}
