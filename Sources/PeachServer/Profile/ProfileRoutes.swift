import Foundation
import Hummingbird
import PeachCore
import PeachServices

struct ProfileRoutes: RouteTable {
    let service: ProfileService

    init(_ services: AppServices) { service = services.profile }

    static let scope = APIParameter<ProfileScope>(
        name: "scope", location: .query,
        description:
            "pitch (unison, the default), intervals (every interval trial with the slider or buttons), singing (the sung notes), intervalSinging (the sung intervals), or one interval such as P5up or M3down.",
        absent: .pitch, schema: { _ in ["type": "string"] },
        expected: "pitch, intervals, singing, intervalSinging or an interval such as P5up or M3down",
        parse: { ProfileScope($0) },
        documentedDefault: ProfileScope.pitch.description)
    static let period = APIParameter.choice("period", ThresholdTimeline.Period.self, default: .day)
    static let width = APIParameter.integer("width", in: ChartOptions.widths, default: 800)
    static let height = APIParameter.integer("height", in: ChartOptions.heights, default: 320)
    static let lang = APIParameter.oneOf("lang", ChartOptions.languages, default: "en")
    static let viewStart = APIParameter.number("viewStart", in: ChartOptions.viewStarts)
        .described("With viewWidth: the first period shown, in periods from the first period's start.")
    static let viewWidth = APIParameter.number("viewWidth", in: ChartOptions.viewWidths)
        .described("With viewStart: how many periods the view spans.")
    static let viewPeriod = APIParameter.choice("viewPeriod", ThresholdTimeline.Period.self).optional.described(
        "With viewStart and viewWidth: the period they count in (the chart shown, its data-period); by default `period`. The view keeps its dates in the period drawn."
    )
    static let coarsen = APIParameter.flag("coarsen").described(
        "Zoomed out, draw a longer period than `period` (hour → day → week → month), the first whose view holds no more periods than the chart's plot has room for dots side by side (\(Int(ThresholdChart.dotDiameter)) px each, from `width`; at most \(Int(ThresholdChart.mostPeriodsShown))); `period` stays the finest drawn. The chart's data-period and the timeline's `period` say which was drawn; the chart's data-finer-below and data-coarser-above, at which view widths (in its periods) another would be."
    )
    static let discipline = APIParameter.choice("discipline", Discipline.self).optional.described(
        "The daily series of one discipline instead of a scope, as its kind traces it (its title says what and which way is better); a rhythm discipline's is per tempo band, named by band."
    )
    static let band = APIParameter.choice("band", TempoBand.self).described("The tempo band.")
    static let itemsDiscipline = disciplines { $0.trainingKind.hasConfusion($0) }
        .described("A discipline answered by naming one of several items.")
    static let thresholdDiscipline = disciplines { $0.trainingKind.fitsThreshold }
        .described("A discipline whose kind fits a threshold of its own (Which Voice?).")
    static let partDiscipline = disciplines { $0.trainingKind.hasProfileSummary }
        .described("A discipline whose kind says more of it on the Profile (Play it Back).")
    static let rhythmBand = APIParameter.choice("band", TempoBand.self).optional.described(
        "With a rhythm discipline: the tempo band; without it, the band trained most.")

    static var routes: [Route<Self>] {
        [
            Route(
                .get, "profile", "profile",
                "Summary statistics, the fitted threshold and pitch-matching statistics; null, never zero, where there is no data",
                returns: "The profile.", parameters: [scope], Self.summary),
            Route(
                .get, "profile/intervals", "intervalProfiles",
                "Each trained interval: comparisons, mean difference, fitted threshold, matching accuracy",
                returns: "In the settings grid's order.", Self.intervals),
            Route(
                .get, "profile/timeline", "profileTimeline",
                "Comparisons aggregated per period, oldest first, with the rolling mean and SD over 20 periods (expanding before that): the periods the chart draws for the same view (the view and one view-width either side; without a view, around the most recent periods), in the period it draws",
                returns: "The timeline.",
                parameters: [
                    period, scope, viewStart, viewWidth, viewPeriod, coarsen,
                    width.described(
                        "With coarsen: the chart's width, as chart.svg takes it (the period drawn depends on it)."),
                ],
                Self.timeline),
            Route(
                .get, "profile/chart.svg", "profileChart",
                "The threshold timeline chart as SVG (the one the Profile screen shows and `peach profile --svg` writes), opening at the most recent periods; only the view and one view-width either side are drawn",
                returns: "The chart.", media: .svg,
                parameters: [
                    period, width, height,
                    lang.described("Language of the legend, the date labels and the numbers (\"2,5 ¢\" in German)."),
                    scope, viewStart, viewWidth, viewPeriod, coarsen,
                ],
                Self.chart),
            Route(
                .get, "profile/rhythm", "profileRhythmTimeline",
                "One tempo band's rhythm results per calendar day, oldest first: Compare Timing's fitted threshold and Fill the Gap's mean offset, SD and hit rate",
                returns: "The band's days.", parameters: [band], Self.rhythmDays),
            Route(
                .get, "profile/part", "profilePart",
                "What the Profile says of a discipline beyond its sparkline, confusion matrix and threshold, in its kind's shape (Play it Back: the longest melody mastered and the share of right notes for each step size)",
                returns: "The kind's summary; null, never zero, where there is no data.", parameters: [partDiscipline],
                Self.part),
            Route(
                .get, "profile/sparkline.svg", "profileSparkline",
                "The daily rolling mean as a sparkline (no axes, no labels); a dashed baseline without data",
                returns: "The sparkline.", media: .svg,
                parameters: [
                    scope, discipline, rhythmBand,
                    lang.described(
                        "Language of the sparkline's title, which says what it traces and which way is better."),
                ],
                Self.sparkline),
            Route(
                .get, "profile/threshold", "profileDisciplineThreshold",
                "A discipline's own fitted threshold with its 95 % interval (Which Voice?: for a choice of three); its day-by-day line is the discipline's sparkline",
                returns: "The threshold, null until the answers can place it.", parameters: [thresholdDiscipline],
                Self.disciplineThreshold),
            Route(
                .get, "profile/confusion", "profileConfusion",
                "What was named for each item played, for a discipline answered by naming items (a scale degree, a chord quality): the confusion matrix",
                returns: "Rows are the items played, columns the items named, both in the kind's order.",
                parameters: [itemsDiscipline],
                Self.confusion),
            Route(
                .get, "profile/confusion.svg", "profileConfusionChart",
                "The confusion matrix as a heat map (the one the Profile screen shows): each cell as dark as its share of the row",
                returns: "The heat map.", media: .svg,
                parameters: [itemsDiscipline, lang.described("Language of the title and the axis captions.")],
                Self.confusionChart),
        ] + aliases
    }

    /// A `discipline` parameter that takes the disciplines `having` says, the first of them when absent.
    private static func disciplines(having: (Discipline) -> Bool) -> APIParameter<String> {
        let names = Discipline.allCases.filter(having).map(\.rawValue)
        return APIParameter.oneOf("discipline", names, default: names[0])
    }

    func summary(_ input: Input<NoBody>) async throws -> ProfileResponse {
        ProfileResponse(await service.snapshot(try input[Self.scope]), rhythm: await service.rhythm)
    }

    func intervals(_: Input<NoBody>) async -> IntervalProfilesResponse {
        IntervalProfilesResponse(await service.intervalProfiles)
    }

    func timeline(_ input: Input<NoBody>) async throws -> TimelineResponse {
        let (period, width, view) = (try input[Self.period], try input[Self.width], try Self.view(input))
        let options = try Self.checked { () throws(ChartOptions.Invalid) in
            try ChartOptions(
                period: period.rawValue, width: width, viewStart: view.start, viewWidth: view.width,
                viewPeriod: view.period,
                coarsens: view.coarsens)
        }
        let profile = await service.snapshot(try input[Self.scope])
        let drawn = options.drawn(profile)
        return TimelineResponse(
            drawn.timeline, window: ChartWindow(drawn.timeline, view: drawn.view),
            measurements: profile.measurements.finished)
    }

    func chart(_ input: Input<NoBody>) async throws -> MediaResponse {
        let (period, width, height, language) = (
            try input[Self.period], try input[Self.width], try input[Self.height], try input[Self.lang]
        )
        let view = try Self.view(input)
        let options = try Self.checked { () throws(ChartOptions.Invalid) in
            try ChartOptions(
                period: period.rawValue, width: width, height: height, language: language, viewStart: view.start,
                viewWidth: view.width,
                viewPeriod: view.period, coarsens: view.coarsens)
        }
        return Self.svg(options.svg(await service.snapshot(try input[Self.scope])))
    }

    /// The view a chart or its timeline is asked for, as `ChartOptions` checks it.
    private static func view(_ input: Input<NoBody>) throws
        -> (start: Double?, width: Double?, period: ThresholdTimeline.Period?, coarsens: Bool)
    {
        (try input[viewStart], try input[viewWidth], try input[viewPeriod], try input[coarsen])
    }

    private static func checked(_ make: () throws(ChartOptions.Invalid) -> ChartOptions) throws -> ChartOptions {
        do throws(ChartOptions.Invalid) {
            return try make()
        } catch {
            throw HTTPError(.badRequest, message: error.description)
        }
    }

    func rhythmDays(_ input: Input<NoBody>) async throws -> RhythmTimelineResponse {
        RhythmTimelineResponse(await service.rhythm, band: try input[Self.band])
    }

    func part(_ input: Input<NoBody>) async throws -> ProfilePartResponse {
        try await kindPart(Discipline(rawValue: try input[Self.partDiscipline])!)
    }

    func kindPart(_ discipline: Discipline) async throws -> ProfilePartResponse {
        guard let part = ProfilePartResponse(discipline, in: await service.parts) else {
            throw HTTPError(.badRequest, message: "\(discipline.rawValue) has no part of its own on the Profile")
        }
        return part
    }

    func sparkline(_ input: Input<NoBody>) async throws -> MediaResponse {
        // A discipline names its own series (`TrainingKind.sparkline`); without one, a scope's
        // fitted threshold.
        let locale = Locale(identifier: try input[Self.lang])
        guard let discipline = try input[Self.discipline] else {
            return Self.svg(
                ThresholdChart.sparkline(
                    .threshold(await service.snapshot(try input[Self.scope]).timeline(.day)), locale: locale))
        }
        let line = discipline.trainingKind.sparkline(
            discipline, in: await service.parts, band: try input[Self.rhythmBand])
        return Self.svg(ThresholdChart.sparkline(line, locale: locale))
    }

    func disciplineThreshold(_ input: Input<NoBody>) async throws -> DisciplineThresholdResponse {
        let discipline = Discipline(rawValue: try input[Self.thresholdDiscipline])!
        let kind = discipline.trainingKind
        let parts = await service.parts
        return DisciplineThresholdResponse(
            threshold: Nullable(kind.threshold(discipline, in: parts).map(ProfileResponse.Threshold.init)),
            missingThreshold: Nullable(kind.missingThreshold(discipline, in: parts).map(MissingThresholdResponse.init)),
            change: Nullable(kind.thresholdChange(discipline, in: parts).map(ProfileResponse.Change.init)))
    }

    func confusion(_ input: Input<NoBody>) async throws -> ConfusionResponse {
        ConfusionResponse(try await matrix(input))
    }

    func confusionChart(_ input: Input<NoBody>) async throws -> MediaResponse {
        Self.svg(ConfusionChart.svg(try await matrix(input), locale: Locale(identifier: try input[Self.lang])))
    }

    private func matrix(_ input: Input<NoBody>) async throws -> ConfusionMatrix {
        let discipline = Discipline(rawValue: try input[Self.itemsDiscipline])!
        guard let matrix = discipline.trainingKind.confusion(discipline, in: await service.parts) else {
            throw HTTPError(
                .badRequest,
                message: "\(discipline.rawValue) is not answered by naming items: it has no confusion matrix")
        }
        return matrix
    }

    static func svg(_ text: String) -> MediaResponse {
        MediaResponse(body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
