import Hummingbird

/// Adds `Server-Timing: app;dur=<ms>` to every API response so that benchmarks measure the
/// server's own work separately from the network and the client.
struct ServerTimingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        response.headers[.init("Server-Timing")!] = "app;dur=\(String(format: "%.3f", milliseconds))"
        return response
    }
}
