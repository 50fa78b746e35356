import Foundation
import Hummingbird
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachServices
@testable import PeachStore

/// Every refusal the sign-in, sign-up, account and class screens show carries a code the page
/// translates, with the numbers its sentence needs, through the real class server on SQLite files.
struct AccountRefusalTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    final class Directory: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peach-refusals-\(UUID().uuidString)")
        var files: ClassFiles { ClassFiles(besidePersonalDatabase: url.appendingPathComponent("peach.sqlite").path) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// What a refusal's body says.
    struct Refused: Equatable {
        var status: HTTPResponse.Status
        var code: RefusalCode?
        var retryAfter: Int?
        var minimum: Int?
        var maximum: Int?
    }

    struct Client {
        let client: RouterClient

        func send(_ method: HTTPRequest.Method, _ path: String, _ json: String? = nil, session: String? = nil)
            async throws -> RouterClient.Response
        {
            var headers: HTTPFields = [
                .authorization: "Bearer \(AccountRefusalTests.token)", .contentType: "application/json",
            ]
            if let session { headers[.cookie] = "\(SessionCookie.name)=\(session)" }
            return try await client.execute(
                uri: path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
        }

        func refused(_ method: HTTPRequest.Method, _ path: String, _ json: String? = nil, session: String? = nil)
            async throws -> Refused
        {
            let response = try await send(method, path, json, session: session)
            let detail = try JSONDecoder().decode(ErrorBody.self, from: Data(buffer: response.body)).error
            #expect(!detail.message.isEmpty)
            return Refused(
                status: response.status, code: detail.code, retryAfter: detail.retryAfter,
                minimum: detail.minimum.map { Int(exactly: $0) ?? -1 },
                maximum: detail.maximum.map { Int(exactly: $0) ?? -1 })
        }

        /// The session token of a successful sign-in.
        func signIn(_ name: String, _ password: String) async throws -> String {
            let response = try await send(
                .post, "/api/account/sign-in", #"{"name":"\#(name)","password":"\#(password)"}"#)
            #expect(response.status == .ok)
            let cookie = try #require(response.headers[.setCookie])
            return String(cookie.prefix { $0 != ";" }.dropFirst(SessionCookie.name.count + 1))
        }
    }

    /// A class server with teacher tess (class "Choir", invitation ABCD-EFGH) and student ann; with
    /// `classList`, also from a class list into Choir: cid with the password handed-out-1, and dora and
    /// eve with invitation links (tokens dora-link and eve-link, eve's expired).
    static func with(
        environment: ServerEnvironment = .unimplemented, classList: Bool = false,
        _ body: @Sendable (Client) async throws -> Void
    ) async throws {
        let directory = Directory()
        let store = try SQLiteAccountStore(files: directory.files, now: { now })
        let hasher = PasswordHasher(cost: 4)
        let tess = try #require(
            try await store.createAccount(
                AccountName("tess")!, passwordHash: await hasher.hash("tess-password"), isTeacher: true))
        let choir = try await store.createClassroom(
            named: "Choir", teacher: tess.id, invitation: InvitationCode("ABCD-EFGH")!)
        _ = try await store.createAccount(
            AccountName("ann")!, passwordHash: await hasher.hash("ann-password"), isTeacher: false)
        if classList {
            _ = try await store.createStudents(
                [(AccountName("cid")!, await hasher.hash("handed-out-1"))], in: choir.id)
            _ = try await store.createInvitedStudents(
                [(AccountName("dora")!, RandomSecret(text: "dora-link").hash)], passwordHash: "n", in: choir.id,
                expires: now.addingTimeInterval(3600))
            _ = try await store.createInvitedStudents(
                [(AccountName("eve")!, RandomSecret(text: "eve-link").hash)], passwordHash: "n", in: choir.id,
                expires: now.addingTimeInterval(-1))
        }
        let logger = Logger(label: "test")
        let spaces = UserSpaces(
            accounts: store,
            stores: { user, known throws(DataStoreError) in
                let database = try await store.database(of: user, revision: known)
                return (
                    SQLiteTrainingDataStore(database: database), SQLiteSettingsStore(database: database),
                    TrainingDataTransfer(database: database)
                )
            }, environment: environment, logger: logger)
        let responder = PeachApp.classResponder(
            accounts: AccountService(accounts: store, hasher: hasher, now: { now }, logger: logger), spaces: spaces,
            environment: environment, sounds: SoundChoice.sineOnly, sampler: nil, secure: false, logger: logger)
        let policy = AccessPolicy(token: token, acceptsIPAddressHosts: true)
        try await Application(responder: GuardedResponder(inner: responder, policy: policy)).test { client in
            try await body(Client(client: client))
        }
        _ = directory
    }

    @Test func signingInAndUp() async throws {
        try await Self.with { client async throws in
            #expect(
                try await client.refused(.post, "/api/account/sign-in", #"{"name":"ann","password":"wrong-password"}"#)
                    == Refused(status: .unauthorized, code: .wrongCredentials))
            #expect(
                try await client.refused(
                    .post, "/api/account/sign-in", #"{"name":"nobody","password":"wrong-password"}"#)
                    == Refused(status: .unauthorized, code: .wrongCredentials))
            let signUp = { (name: String, password: String, invitation: String) in
                try await client.refused(
                    .post, "/api/account/sign-up",
                    #"{"name":"\#(name)","password":"\#(password)","invitation":"\#(invitation)"}"#)
            }
            #expect(try await signUp("ann", "long-enough", "ABCD-EFGH") == Refused(status: .conflict, code: .nameTaken))
            #expect(
                try await signUp("n.schneider weber", "long-enough", "ABCD-EFGH")
                    == Refused(status: .badRequest, code: .invalidName, minimum: 1, maximum: AccountName.maximumLength))
            #expect(
                try await signUp("bob", "short", "ABCD-EFGH")
                    == Refused(
                        status: .badRequest, code: .invalidPassword, minimum: NewPassword.lengths.lowerBound,
                        maximum: NewPassword.lengths.upperBound))
            // Well formed but no class's, and not a code at all: the same to the user.
            #expect(
                try await signUp("bob", "long-enough", "ABCD-EFGJ")
                    == Refused(status: .badRequest, code: .unknownInvitation))
            #expect(
                try await signUp("bob", "long-enough", "hello")
                    == Refused(status: .badRequest, code: .unknownInvitation))
        }
    }

    @Test func tooManyWrongPasswordsSayHowLongToWait() async throws {
        try await Self.with { client async throws in
            let wrong = #"{"name":"ann","password":"wrong-password"}"#
            for _ in 0..<SignInThrottle().freePerAccountAtAddress {
                #expect(try await client.refused(.post, "/api/account/sign-in", wrong).code == .wrongCredentials)
            }
            let response = try await client.send(.post, "/api/account/sign-in", wrong)
            let refused = try await client.refused(.post, "/api/account/sign-in", wrong)
            #expect(refused.status == .tooManyRequests && refused.code == .throttled)
            // The first throttled try waits one second; the header and the body say the same.
            #expect(refused.retryAfter == 1)
            #expect(response.headers[.retryAfter] == "1")
        }
    }

    @Test func theAccountScreen() async throws {
        try await Self.with { client async throws in
            #expect(
                try await client.refused(.get, "/api/account/classes")
                    == Refused(status: .unauthorized, code: .signInFirst))
            #expect(
                try await client.refused(.get, "/api/settings") == Refused(status: .unauthorized, code: .signInFirst))
            let ann = try await client.signIn("ann", "ann-password")
            #expect(
                try await client.refused(
                    .post, "/api/account/password", #"{"current":"not-it","new":"new-password"}"#, session: ann)
                    == Refused(status: .unauthorized, code: .wrongPassword))
            #expect(
                try await client.refused(
                    .post, "/api/account/password", #"{"current":"ann-password","new":"short"}"#, session: ann)
                    == Refused(
                        status: .badRequest, code: .invalidPassword, minimum: NewPassword.lengths.lowerBound,
                        maximum: NewPassword.lengths.upperBound))
            #expect(
                try await client.refused(.post, "/api/account/classes", #"{"invitation":"ZZZZ-ZZZZ"}"#, session: ann)
                    == Refused(status: .badRequest, code: .unknownInvitation))
            #expect(
                try await client.refused(.delete, "/api/account/classes/1", session: ann)
                    == Refused(status: .notFound, code: .notInClass))
            #expect(
                try await client.refused(.get, "/api/classes", session: ann)
                    == Refused(status: .forbidden, code: .teachersOnly))
        }
    }

    @Test func theClassScreens() async throws {
        try await Self.with { client async throws in
            let tess = try await client.signIn("tess", "tess-password")
            #expect(
                try await client.refused(.post, "/api/classes", #"{"name":"  "}"#, session: tess)
                    == Refused(
                        status: .badRequest, code: .classNameLength, minimum: Classroom.nameLengths.lowerBound,
                        maximum: Classroom.nameLengths.upperBound))
            #expect(
                try await client.refused(.get, "/api/classes/99", session: tess)
                    == Refused(status: .notFound, code: .noSuchClass))
            #expect(
                try await client.refused(.get, "/api/classes/1/students/2/profile", session: tess)
                    == Refused(status: .notFound, code: .noSuchStudent))
            #expect(
                try await client.refused(.delete, "/api/classes/1/students/2/profile", session: tess)
                    == Refused(status: .methodNotAllowed, code: .readOnly))
        }
    }

    /// A name that reverses the text after it and a password with a NUL are refused with a clear
    /// 400, and nothing is created or changed.
    @Test func directionControlsInNamesAndANulInAPasswordAreRefused() async throws {
        try await Self.with { client async throws in
            let tess = try await client.signIn("tess", "tess-password")
            for name in [#"Choir \u202E2b"#, #"\u2066Choir\u2069"#, #"\u202Aa\u202C"#, #"x\u2068y"#] {
                let response = try await client.send(.post, "/api/classes", #"{"name":"\#(name)"}"#, session: tess)
                #expect(response.status == .badRequest, "\(name)")
                let message = try JSONDecoder().decode(ErrorBody.self, from: Data(buffer: response.body)).error.message
                #expect(message.contains("text-direction controls (U+202A–U+202E, U+2066–U+2069)"), "\(message)")
            }
            let classes = try await client.send(.get, "/api/classes", session: tess)
            let listed =
                try #require(JSONSerialization.jsonObject(with: Data(buffer: classes.body)) as? [String: Any])[
                    "classes"] as? [[String: Any]]
            #expect(listed?.map { $0["name"] as? String } == ["Choir"])

            let signUp = { (name: String, password: String) in
                try await client.refused(
                    .post, "/api/account/sign-up",
                    #"{"name":"\#(name)","password":"\#(password)","invitation":"ABCD-EFGH"}"#)
            }
            #expect(
                try await signUp(#"bob\u202E"#, "long-enough")
                    == Refused(
                        status: .badRequest, code: .invalidName, minimum: 1, maximum: AccountName.maximumLength))
            let invalidPassword = Refused(
                status: .badRequest, code: .invalidPassword, minimum: NewPassword.lengths.lowerBound,
                maximum: NewPassword.lengths.upperBound)
            #expect(try await signUp("bob", #"long-enough\u0000"#) == invalidPassword)
            #expect(try await signUp("bob", #"\u0000long-enough"#) == invalidPassword)
            let message = try JSONDecoder().decode(
                ErrorBody.self,
                from: Data(
                    buffer: try await client.send(
                        .post, "/api/account/sign-up",
                        #"{"name":"bob","password":"long\u0000enough","invitation":"ABCD-EFGH"}"#
                    ).body)
            ).error.message
            #expect(message == "a password is 8–200 characters, none of them NUL")
            #expect(
                try await client.refused(.post, "/api/account/sign-in", #"{"name":"bob","password":"long-enough"}"#)
                    .code == .wrongCredentials)

            let ann = try await client.signIn("ann", "ann-password")
            #expect(
                try await client.refused(
                    .post, "/api/account/password", #"{"current":"ann-password","new":"new-pass\u0000word"}"#,
                    session: ann)
                    == invalidPassword)
            _ = try await client.signIn("ann", "ann-password")
        }
    }

    /// A password handed out (a class list's) signs in, and then allows only choosing one's own or
    /// signing out: every other request answers 403 until the student has. A new password that is
    /// too short, blank, holds a NUL or is the handed-out one again is refused and changes nothing.
    @Test func aHandedOutPasswordAllowsOnlyChoosingOnesOwn() async throws {
        try await Self.with(classList: true) { client async throws in
            let cid = try await client.signIn("cid", "handed-out-1")
            let status = try await client.send(.get, "/api/account", session: cid)
            #expect(status.status == .ok && String(buffer: status.body).contains(#""mustChangePassword":true"#))
            let required = Refused(status: .forbidden, code: .passwordChangeRequired)
            let elsewhere: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/settings", nil), (.post, "/api/trials", #"{"discipline":"pitchComparison"}"#),
                (.get, "/api/profile", nil), (.get, "/api/assignments", nil), (.get, "/api/account/classes", nil),
                (.post, "/api/account/classes", #"{"invitation":"ABCD-EFGH"}"#),
            ]
            for (method, path, body) in elsewhere {
                #expect(try await client.refused(method, path, body, session: cid) == required, "\(path)")
            }
            let invalidPassword = Refused(
                status: .badRequest, code: .invalidPassword, minimum: NewPassword.lengths.lowerBound,
                maximum: NewPassword.lengths.upperBound)
            let change = { (current: String, new: String) in
                try await client.refused(
                    .post, "/api/account/password", #"{"current":"\#(current)","new":"\#(new)"}"#, session: cid)
            }
            #expect(try await change("handed-out-1", "short") == invalidPassword)
            #expect(try await change("handed-out-1", "") == invalidPassword)
            #expect(try await change("handed-out-1", #"my-own\u0000password"#) == invalidPassword)
            #expect(
                try await change("handed-out-1", "handed-out-1")
                    == Refused(status: .badRequest, code: .unchangedPassword))
            #expect(
                try await change("not-it-at-all", "my-own-password")
                    == Refused(status: .unauthorized, code: .wrongPassword))
            #expect(try await client.refused(.get, "/api/settings", session: cid) == required, "nothing changed")

            // Signing out is allowed too.
            let other = try await client.signIn("cid", "handed-out-1")
            #expect(try await client.send(.post, "/api/account/sign-out", session: other).status == .noContent)

            let changed = try await client.send(
                .post, "/api/account/password", #"{"current":"handed-out-1","new":"my-own-password"}"#, session: cid)
            #expect(changed.status == .noContent)
            #expect(try await client.send(.get, "/api/settings", session: cid).status == .ok)
            let after = try await client.send(.get, "/api/account", session: cid)
            #expect(String(buffer: after.body).contains(#""mustChangePassword":false"#))
            #expect(
                try await client.refused(.post, "/api/account/sign-in", #"{"name":"cid","password":"handed-out-1"}"#)
                    == Refused(status: .unauthorized, code: .wrongCredentials))
            _ = try await client.signIn("cid", "my-own-password")
        }
    }

    /// An invitation link sets its student's password and signs them in, once; an unknown, used or
    /// expired link says which, and a bad password changes nothing.
    @Test func anInvitationLinkSignsItsStudentInOnce() async throws {
        try await Self.with(classList: true) { client async throws in
            let accept = { (token: String, password: String) in
                try await client.send(
                    .post, "/api/account/invitation", #"{"token":"\#(token)","password":"\#(password)"}"#)
            }
            let refused = { (token: String, password: String) in
                try await client.refused(
                    .post, "/api/account/invitation", #"{"token":"\#(token)","password":"\#(password)"}"#)
            }
            let check = { (token: String) in
                try await client.send(.post, "/api/account/invitation/check", #"{"token":"\#(token)"}"#)
            }
            let checked = { (token: String) in
                try await client.refused(.post, "/api/account/invitation/check", #"{"token":"\#(token)"}"#)
            }
            // Opening a link says whose it is, or why not, and uses nothing up.
            #expect(String(buffer: try await check("dora-link").body) == #"{"name":"dora"}"#)
            #expect(try await checked("eve-link") == Refused(status: .gone, code: .invitationExpired))
            #expect(try await checked("not-a-link") == Refused(status: .notFound, code: .unknownInvitationLink))
            #expect(
                try await refused("not-a-link", "dora-password")
                    == Refused(status: .notFound, code: .unknownInvitationLink))
            #expect(
                try await refused("eve-link", "eve-password") == Refused(status: .gone, code: .invitationExpired))
            #expect(
                try await refused("dora-link", "short")
                    == Refused(
                        status: .badRequest, code: .invalidPassword, minimum: NewPassword.lengths.lowerBound,
                        maximum: NewPassword.lengths.upperBound))
            let accepted = try await accept("dora-link", "dora-password")
            #expect(accepted.status == .ok)
            #expect(String(buffer: accepted.body).contains(#""name":"dora""#))
            let cookie = try #require(accepted.headers[.setCookie])
            let session = String(cookie.prefix { $0 != ";" }.dropFirst(SessionCookie.name.count + 1))
            #expect(try await client.send(.get, "/api/settings", session: session).status == .ok)
            #expect(try await refused("dora-link", "other-password") == Refused(status: .gone, code: .invitationUsed))
            #expect(try await checked("dora-link") == Refused(status: .gone, code: .invitationUsed))
            _ = try await client.signIn("dora", "dora-password")
        }
    }

    @Test func anOutageIsACodeToo() {
        #expect(AccountService.Failure.unavailable.refusal.status == .serviceUnavailable)
        #expect(AccountService.Failure.unavailable.refusal.code == .unavailable)
    }

    /// The page can say every code in both its languages (web/js/i18n/i18n.js: one string per code in each table).
    @Test func everyCodeHasAStringInBothLanguages() throws {
        let i18n = try String(contentsOfFile: WebResources.webFolder + "/js/i18n/i18n.js", encoding: .utf8)
        for code in RefusalCode.allCases {
            #expect(
                i18n.components(separatedBy: "'refusal.\(code.rawValue)':").count - 1 == 2, "refusal.\(code.rawValue)")
        }
    }
}
