import Foundation

extension Date {
    /// ISO 8601 with milliseconds and the zone as "Z" or ±hhmm: how every record's time leaves the API.
    var apiTimestamp: String {
        formatted(
            .iso8601.time(includingFractionalSeconds: true).year().month().day().dateTimeSeparator(.standard).timeZone(
                separator: .omitted))
    }
}
