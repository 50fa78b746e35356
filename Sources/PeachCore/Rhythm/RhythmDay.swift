import Foundation

/// One calendar day of a tempo band's rhythm results: a point of its timeline. `Stats` is the
/// band's own summary type (`RhythmProfile.Timing` or `.Tapping`), so a day reads exactly as the
/// band's headline does, only over that day's records.
public struct RhythmDay<Stats: Sendable>: Sendable {
    public let start: Date
    public internal(set) var stats: Stats

    /// Adds a record made at `time` to its day in `days` (oldest first), creating the day if needed.
    static func add(
        at time: Date, to days: inout [RhythmDay], calendar: Calendar, empty: Stats, _ update: (inout Stats) -> Void
    ) {
        let start = calendar.startOfDay(for: time)
        // Records arrive in time order but for an import of older ones: found from the newest end.
        let index = days.lastIndex { $0.start <= start } ?? -1
        if index >= 0, days[index].start == start {
            update(&days[index].stats)
            return
        }
        var day = RhythmDay(start: start, stats: empty)
        update(&day.stats)
        days.insert(day, at: index + 1)
    }
}
