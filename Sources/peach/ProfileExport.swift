import ArgumentParser
import Foundation
import PeachCore
import PeachServices
import PeachStore

/// `peach profile`: the profile from the stored records, as text, or its threshold chart as the
/// very SVG the Profile screen shows.
struct ProfileExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Print the profile, or write its threshold chart as SVG.")

    @OptionGroup var storage: StoreOptions

    @Option(name: .shortAndLong, help: "Write the threshold timeline chart (the Profile screen's SVG) to this file.")
    var output: String?

    /// The spelling before -o/--output.
    @Option(name: .customLong("svg"), help: .hidden)
    var svg: String?

    func validate() throws {
        if output != nil, svg != nil {
            throw ValidationError("--svg is the old spelling of -o/--output: give one of them")
        }
    }

    @Option(help: "Aggregation period of the chart: hour, day, week or month.")
    var period = "day"

    @Option(help: "Chart width in pixels (200…4000).")
    var width = 800

    @Option(help: "Chart height in pixels (120…2000).")
    var height = 320

    @Option(help: "Language of the date labels: en or de.")
    var lang = "en"

    func run() async throws {
        let options: ChartOptions
        do { options = try ChartOptions(period: period, width: width, height: height, language: lang) } catch {
            throw ValidationError("\(error)")
        }
        let stores = try await storage.open(writing: false)
        let service = try await ProfileService.load(from: stores.records, snapshotFile: stores.profileSnapshot)
        let profile = await service.snapshot
        await service.snapshotSaved()
        await stores.close()
        if let file = output ?? svg {
            try Data(options.svg(profile).utf8).write(to: URL(fileURLWithPath: file))
            Output.line(
                "wrote the \(options.period.rawValue) threshold chart of \(profile.comparisonCount) comparisons to \(file)"
            )
        } else {
            for line in Self.summary(profile) { Output.line(line) }
        }
    }

    /// Why there is no threshold, in the words the Profile page uses.
    static func reason(_ missing: MissingThreshold) -> String {
        switch missing {
        case .noAnswers:
            "none yet, no answers yet"
        case .tooFewAnswers(let answers, let needed):
            "none yet, \(answers) of the \(needed) answers it needs"
        case .unplaced(let answers, let correct, let smallest):
            String(
                format: "none yet, %d of %d answers right, down to %.1f ¢: too few mistakes to show where it lies",
                correct, answers, smallest.rawValue)
        case .tooWide(let lower, let upper, let answers):
            String(
                format:
                    "none yet, the newest %d answers place it only between %.1f and %.1f ¢ (95 %%), too wide to state",
                answers, lower.rawValue, upper.rawValue)
        }
    }

    static func summary(_ profile: PerceptualProfile) -> [String] {
        let cents = { (value: Cents?) in value.map { String(format: "%.1f ¢", $0.rawValue) } ?? "—" }
        var lines = ["comparisons: \(profile.comparisonCount) (\(profile.correctCount) correct)"]
        lines.append(
            "mean difference played: \(cents(profile.meanThreshold)), SD \(cents(profile.thresholdStandardDeviation))")
        // The trend is the change's direction: said over its span, as the change's line says it.
        let trend = profile.thresholdChange.map { "\(Trend($0).rawValue) over the last \($0.answers) answers" }
        lines.append("trend of the threshold: \(trend ?? "not enough data")")
        if let estimate = profile.thresholdEstimate {
            let interval =
                estimate.upperIsOpen
                ? String(format: "at least %.1f, 95 %%", estimate.lower.rawValue)
                : String(format: "%.1f–%.1f, 95 %%", estimate.lower.rawValue, estimate.upper.rawValue)
            lines.append(
                String(format: "threshold %.1f ¢ (", estimate.threshold.rawValue) + interval
                    + String(format: ") at %.0f %% correct", estimate.percentCorrect * 100)
                    + ", from the newest \(estimate.trialCount) comparisons")
        } else if let missing = profile.missingThreshold {
            lines.append("threshold: " + Self.reason(missing))
        }
        if let change = profile.thresholdChange {
            lines.append(
                change.isSure
                    ? String(
                        format: "change over the newest %d comparisons: %+.0f %% (95 %%: %+.0f to %+.0f %%)",
                        change.answers, (change.ratio - 1) * 100, (change.lower - 1) * 100, (change.upper - 1) * 100)
                    : "change over the newest \(change.answers) comparisons: no change you can be sure of")
        } else {
            lines.append("change: not enough data yet")
        }
        lines.append(
            "pitch matching: \(profile.matching.count) attempts, mean absolute error \(cents(profile.matching.meanAbsoluteError)), SD \(cents(profile.matching.standardDeviation))"
        )
        return lines
    }
}
