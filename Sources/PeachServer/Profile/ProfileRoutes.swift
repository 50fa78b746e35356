import Foundation
import Hummingbird
import PeachCore

struct ProfileRoutes {
    let service: ProfileService

    func add(to api: RouterGroup<BasicRequestContext>) {
        api.get("profile") { _, _ in
            ProfileResponse(await service.snapshot)
        }
        api.get("profile/timeline") { request, _ -> TimelineResponse in
            let options = try Self.options(request.uri.queryParameters)
            return TimelineResponse(await service.snapshot.timeline(options.period))
        }
        api.get("profile/chart.svg") { request, _ -> Response in
            let query = request.uri.queryParameters
            let options = try Self.options(
                query, width: try query.boundedInt("width", in: ChartOptions.widths, default: 800),
                height: try query.boundedInt("height", in: ChartOptions.heights, default: 320))
            return Self.svg(options.svg(await service.snapshot))
        }
        api.get("profile/sparkline.svg") { _, _ in
            Self.svg(ThresholdChart.sparkline(await service.snapshot.timeline(.day)))
        }
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
