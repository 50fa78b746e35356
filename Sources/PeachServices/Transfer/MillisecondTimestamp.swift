import Foundation

/// A point in time to the millisecond: the precision at which records are stored, exported and
/// compared for duplicates. Parsing and formatting are done by hand because a million rows through
/// `DateFormatter` would take longer than the rest of an import together.
public struct MillisecondTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let millisecondsSince1970: Int64

    /// Years outside this range are not a training session; they are a broken clock or a broken file.
    public static let validYears: ClosedRange<Int64> = 1900...9999

    public init(millisecondsSince1970: Int64) { self.millisecondsSince1970 = millisecondsSince1970 }

    /// Rounds to the nearest millisecond: a date read back from SQLite's text is a binary fraction
    /// that may lie a hair below the millisecond it was written as.
    public init(_ date: Date) {
        millisecondsSince1970 = Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.millisecondsSince1970 < rhs.millisecondsSince1970 }

    /// The moment as the stores read it back: the same `Date` for the same millisecond.
    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }

    /// `2026-11-22T08:15:02.125Z`: ISO 8601 in UTC with milliseconds, as exported.
    public var iso8601: String { formatted(separator: UInt8(ascii: "T"), zone: true) }

    /// `2026-11-22 08:15:02.125`: GRDB's storage format for dates, so that an imported timestamp
    /// compares equal, as text, to the same moment saved by the server.
    public var storageText: String { formatted(separator: UInt8(ascii: " "), zone: false) }

    public var description: String { iso8601 }

    /// Parses ISO 8601 as exported by Peach and the iPhone app: `YYYY-MM-DDTHH:MM:SS`, an optional
    /// fraction (kept to the millisecond, further digits dropped), and a zone (`Z` or `±HH:MM`).
    /// A zone is required: without one the moment is ambiguous.
    public init?(iso8601 text: some StringProtocol) {
        var text = String(text)
        guard
            let value = text.withUTF8({
                Self.parse($0, separators: (UInt8(ascii: "T"), UInt8(ascii: "t")), zone: .required)
            })
        else { return nil }
        self = value
    }

    /// Parses GRDB's storage text (`YYYY-MM-DD HH:MM:SS[.SSS]`, UTC).
    public init?(storageText text: String) {
        var text = text
        guard let value = text.withUTF8({ Self.init(storageText: $0) }) else { return nil }
        self = value
    }

    /// The same, from the bytes a store holds: a replay reads a million of them in place.
    public init?(storageText bytes: UnsafeBufferPointer<UInt8>) {
        guard let value = Self.parse(bytes, separators: (UInt8(ascii: " "), UInt8(ascii: "T")), zone: .absent) else {
            return nil
        }
        self = value
    }

    private enum Zone { case required, absent }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, separators: (UInt8, UInt8), zone: Zone)
        -> MillisecondTimestamp?
    {
        var index = 0
        func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func expect(_ allowed: UInt8, or other: UInt8? = nil) -> Bool {
            guard index < bytes.count, bytes[index] == allowed || bytes[index] == other else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2), expect(separators.0, or: separators.1), let hour = digits(2),
            expect(UInt8(ascii: ":")),
            let minute = digits(2), expect(UInt8(ascii: ":")), let second = digits(2)
        else { return nil }
        var milliseconds: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var count = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                if count < 3 { milliseconds = milliseconds * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            guard (1...9).contains(count) else { return nil }
            for _ in min(count, 3)..<3 { milliseconds *= 10 }
        }
        var offsetMinutes: Int64 = 0
        switch zone {
        case .absent:
            break
        case .required:
            guard index < bytes.count else { return nil }
            let sign = bytes[index]
            index += 1
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { break }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = digits(2), hours <= 23 else {
                return nil
            }
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = digits(2), minutes <= 59 else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        guard index == bytes.count, validYears.contains(year), (1...12).contains(month),
            (1...daysIn(month: month, year: year)).contains(day), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        return MillisecondTimestamp(millisecondsSince1970: seconds * 1000 + milliseconds)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from the civil calendar date to 1970-01-01 (proleptic Gregorian; H. Hinnant's algorithm).
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private func formatted(separator: UInt8, zone: Bool) -> String {
        let totalSeconds = millisecondsSince1970.floorDivided(by: 1000)
        let milliseconds = millisecondsSince1970 - totalSeconds * 1000
        let days = totalSeconds.floorDivided(by: 86_400)
        let secondOfDay = totalSeconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        var bytes = [UInt8]()
        bytes.reserveCapacity(24)
        func append(_ value: Int64, width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        append(year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, width: 2)
        bytes.append(separator)
        append(secondOfDay / 3600, width: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2)
        bytes.append(UInt8(ascii: "."))
        append(milliseconds, width: 3)
        if zone { bytes.append(UInt8(ascii: "Z")) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
