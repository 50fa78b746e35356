import Foundation
import Hummingbird
import Logging

@testable import PeachServer

/// The real router on a real SQLite file in a temporary directory.
enum TestApp {
    final class Directory: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-api-\(UUID().uuidString)")
        var databasePath: String { url.appendingPathComponent("peach.sqlite").path }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @discardableResult
    static func with<Value: Sendable>(
        _ directory: Directory = Directory(), environment: ServerEnvironment = .unimplemented,
        configure: (inout AppServices) -> Void = { _ in },
        _ body: @Sendable (RouterClient) async throws -> Value
    ) async throws -> Value {
        var services = try await AppServices.open(
            databasePath: directory.databasePath, environment: environment, logger: Logger(label: "test"))
        configure(&services)
        let app = Application(router: try PeachApp.router(services: services))
        return try await app.test(body)
    }

    static func json(_ value: String) -> ByteBuffer { ByteBuffer(string: value) }

    static func decode<T: Decodable>(_ type: T.Type, _ response: RouterClient.Response) throws -> T {
        try JSONDecoder().decode(type, from: Data(buffer: response.body))
    }
}
