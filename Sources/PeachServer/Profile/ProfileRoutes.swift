import Foundation
import Hummingbird
import PeachCore

struct ProfileRoutes {
    let service: ProfileService

    func add(to api: RouterGroup<BasicRequestContext>) {
        api.get("profile") { request, _ in
            ProfileResponse(await service.snapshot(try Self.scope(request.uri.queryParameters)), rhythm: await service.rhythm)
        }
        api.get("profile/intervals") { _, _ in
            IntervalProfilesResponse(await service.intervalProfiles)
        }
        api.get("profile/timeline") { request, _ -> TimelineResponse in
            let options = try Self.options(request.uri.queryParameters)
            return TimelineResponse(await service.snapshot(try Self.scope(request.uri.queryParameters)).timeline(options.period))
        }
        api.get("profile/chart.svg") { request, _ -> Response in
            let query = request.uri.queryParameters
            let options = try Self.options(
                query, width: try query.boundedInt("width", in: ChartOptions.widths, default: 800),
                height: try query.boundedInt("height", in: ChartOptions.heights, default: 320))
            return Self.svg(options.svg(await service.snapshot(try Self.scope(query))))
        }
        api.get("profile/rhythm") { request, _ in
            RhythmTimelineResponse(await service.rhythm, band: try Self.band(request.uri.queryParameters))
        }
        api.get("profile/sparkline.svg") { request, _ in
            let query = request.uri.queryParameters
            let locale = try Self.locale(query)
            // A discipline names its own series (`TrainingKind.sparkline`); without one, a scope's
            // fitted threshold.
            guard let name = query["discipline"] else {
                return Self.svg(ThresholdChart.sparkline(.threshold(await service.snapshot(try Self.scope(query)).timeline(.day)), locale: locale))
            }
            let discipline = try TrialRequest(discipline: String(name)).parsed()
            let line = try Self.sparkline(discipline.trainingKind, discipline, in: await service.parts, query: query)
            return Self.svg(ThresholdChart.sparkline(line, locale: locale))
        }
    }

    private static func sparkline<Kind: TrainingKind>(
        _ kind: Kind.Type, _ discipline: Discipline, in profile: ProfileParts, query: Parameters
    ) throws -> Sparkline {
        try Kind.sparkline(discipline, in: profile, band: { try band(query) })
    }

    /// `scope=pitch` (the default), `intervals`, `singing`, or one interval such as `P5up`.
    static func scope(_ query: Parameters) throws -> ProfileScope {
        guard let text = query["scope"] else { return .pitch }
        guard let scope = ProfileScope(String(text)) else {
            throw HTTPError(.badRequest, message: "scope must be pitch, intervals, singing or an interval such as P5up or M3down, got '\(text)'")
        }
        return scope
    }

    /// `lang=en` (the default) or `de`: the language a chart's words and numbers are written in.
    static func locale(_ query: Parameters) throws -> Locale {
        let language = query["lang"].map(String.init) ?? "en"
        guard ChartOptions.languages.contains(language) else {
            throw HTTPError(.badRequest, message: "lang must be one of \(ChartOptions.languages.joined(separator: ", ")), got '\(language)'")
        }
        return Locale(identifier: language)
    }

    /// A tempo band as the profile names it (`80-99`).
    static func band(_ query: Parameters) throws -> TempoBand {
        let names = TempoBand.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = query["band"] else { throw HTTPError(.badRequest, message: "band is required: one of \(names)") }
        guard let band = TempoBand(rawValue: String(text)) else {
            throw HTTPError(.badRequest, message: "band must be one of \(names), got '\(text)'")
        }
        return band
    }

    static func options(_ query: Parameters, width: Int = 800, height: Int = 320) throws -> ChartOptions {
        func number(_ name: String) throws -> Double? {
            guard let text = query[Substring(name)] else { return nil }
            guard let value = Double(String(text)) else {
                throw HTTPError(.badRequest, message: "\(name) must be a number, got '\(text)'")
            }
            return value
        }
        let viewStart = try number("viewStart"), viewWidth = try number("viewWidth")
        do throws(ChartOptions.Invalid) {
            return try ChartOptions(
                period: query["period"].map(String.init) ?? "day", width: width, height: height,
                language: query["lang"].map(String.init) ?? "en", viewStart: viewStart, viewWidth: viewWidth)
        } catch {
            throw HTTPError(.badRequest, message: error.description)
        }
    }

    static func svg(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
