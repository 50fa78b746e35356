import Foundation
import Testing

@testable import PeachCore
@testable import PeachServer

/// Each new class gets its own invitation code from the server's one random sequence.
struct ClassInvitationTests {
    struct Created: Decodable { let invitation: String? }

    @Test func successiveClassesGetSuccessiveCodesOfOneSeededSequence() async throws {
        try await AccountRefusalTests.with(environment: .fixed(seed: 7)) { client in
            let tess = try await client.signIn("tess", "tess-password")
            var codes: [String?] = []
            for name in ["Altos", "Basses"] {
                let response = try await client.send(.post, "/api/classes", #"{"name":"\#(name)"}"#, session: tess)
                #expect(response.status == .created)
                codes.append(try JSONDecoder().decode(Created.self, from: Data(buffer: response.body)).invitation)
            }
            var expected = SeededGenerator(seed: 7)
            #expect(
                codes == [
                    InvitationCode.random(using: &expected).rawValue, InvitationCode.random(using: &expected).rawValue,
                ])
        }
    }
}
