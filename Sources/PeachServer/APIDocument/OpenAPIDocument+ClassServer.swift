import HTTPTypes

extension OpenAPIDocument {
    /// A class server's routes as `AccountsResponder` routes them: the shared ones to everyone;
    /// every other behind the accounts database (503 when it cannot be read); each user's own
    /// needing a session; and each of a user's profile reads again under
    /// `AccountsResponder.studentPath`, for the teacher of a class the student is in.
    static var classServerRoutes: [DocumentedRoute] {
        let own = ServerRoutes.user.documented.map { route in
            var route = route
            route.operation.access = .signedIn
            return route
        }
        let students = own.filter { $0.method == .get && AccountsResponder.teacherReads($0.path) }.map(studentRead)
        return ServerRoutes.shared.documented
            + (ServerRoutes.classServer.documented + own + students).map { route in
                var route = route
                route.operation.errors.append(.error(.serviceUnavailable))
                return route
            }
    }

    /// A user's read as their teacher makes it: 404 for anyone else, and for ids that are not
    /// numbers (the front reads them, and refuses as it refuses another teacher's).
    private static func studentRead(_ own: DocumentedRoute) -> DocumentedRoute {
        var route = own
        route.path = AccountsResponder.studentPath + own.path.dropFirst("/api".count)
        route.operation.id = "student" + own.operation.id.prefix(1).uppercased() + own.operation.id.dropFirst()
        route.operation.summary =
            "For the teacher of a class the student is in, read-only (404 for anyone else): " + own.operation.summary
        route.operation.parameters =
            [AccountsResponder.classID, AccountsResponder.studentID] + own.operation.parameters
        route.operation.errors.append(.error(.notFound))
        return route
    }
}
