import Foundation
import PeachCore

/// The API document as served: the operations from `Resources/openapi.json`, and every schema they
/// refer to derived from the Swift types the routes really decode and encode (`SchemaTracer`), so a
/// shape, a range or an enumeration is written once — in Swift — and the document cannot drift from it.
enum OpenAPIDocument {
    /// The named schemas, by the Swift type each one is; each kind's trial, result and record are
    /// named as the kind names them.
    static var components: [(name: String, type: any Decodable.Type)] {
        [
            ("Health", HealthResponse.self),
            ("Error", ErrorBody.self),
            ("Discipline", Discipline.self),
            ("Disciplines", DisciplinesResponse.self),
            ("TuningSystem", TuningSystem.self),
            ("DirectedInterval", DirectedInterval.self),
            ("TrialInterval", IntervalDTO.self),
            ("Session", TrialSession.self),
            ("TrialSound", TrialSoundDTO.self),
            ("Synthesis", SynthesisDTO.self),
            ("TrialRequest", TrialRequest.self),
            ("Trial", TrialResponse.self),
            ("ReserveRequest", ReserveRequest.self),
            ("TrialReserve", ReserveResponse.self),
            ("TrialAnswer", AnswerRequest.self),
            ("TrialResult", AnswerResponse.self),
            ("Record", RecordResponse.self),
            ("Records", RecordsResponse.self),
            ("Settings", SettingsUpdate.self),
            ("SettingsState", SettingsResponse.self),
            ("Profile", ProfileResponse.self),
            ("Timeline", TimelineResponse.self),
            ("RhythmTimeline", RhythmTimelineResponse.self),
            ("IntervalProfiles", IntervalProfilesResponse.self),
            ("ImportResult", ImportResponse.self),
            ("TempoBand", TempoBand.self),
            ("CalibrationRequest", CalibrationRequest.self),
            ("Calibration", CalibrationResponse.self),
            ("CalibrationPlan", CalibrationPlan.self),
            ("AccountStatus", AccountStatusResponse.self),
            ("Account", AccountResponse.self),
        ] + KindComponents.all
    }

    /// The class server's own: accounts, classes, the teacher's table.
    static var classComponents: [(name: String, type: any Decodable.Type)] {
        [
            ("SignUp", SignUpRequest.self),
            ("SignIn", SignInRequest.self),
            ("SignedIn", SignedInResponse.self),
            ("PasswordChange", PasswordChangeRequest.self),
            ("JoinClass", JoinRequest.self),
            ("NewClass", NewClassroomRequest.self),
            ("Class", ClassroomResponse.self),
            ("Classes", ClassroomsResponse.self),
            ("ClassDetail", ClassroomDetailResponse.self),
            ("StudentSummary", StudentSummaryResponse.self),
        ]
    }

    /// - Parameter classServer: the class server's own operations (`Resources/openapi-class.json`):
    ///   with them, the document describes a class server instead of the personal Peach.
    static func served(from file: Data, classServer: Data? = nil) throws -> Data {
        guard var document = try JSONSerialization.jsonObject(with: file) as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        var components = document["components"] as? [String: Any] ?? [:]
        guard components["schemas"] == nil else {
            throw SchemaTracer.Failure("openapi.json must not hold schemas: they are derived from the Swift types")
        }
        var named = self.components
        if let classServer {
            guard let own = (try JSONSerialization.jsonObject(with: classServer) as? [String: Any])?["paths"] as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            document["paths"] = classServerPaths(personal: document["paths"] as? [String: Any] ?? [:], own: own)
            components["securitySchemes"] = ["session": ["type": "apiKey", "in": "cookie", "name": SessionCookie.name]]
            named += classComponents
        }
        components["schemas"] = try schemas(named)
        document["components"] = components
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    /// On a class server each user's own operation needs a session, and its teacher reads every
    /// `GET /api/profile…` of a student in their class under `AccountsResponder.studentPath`.
    private static func classServerPaths(personal: [String: Any], own: [String: Any]) -> [String: Any] {
        var paths = own
        for (path, item) in personal {
            guard var operations = item as? [String: [String: Any]] else { paths[path] = item; continue }
            let section = path.split(separator: "/").dropFirst().first.map(String.init) ?? ""
            if section != "account", !AccountsResponder.sharedAPI.contains(section) {
                operations = operations.mapValues(needingSession)
            }
            paths[path] = operations
            if path.hasPrefix("/api/profile"), var read = operations["get"] {
                read["operationId"] = "student" + ((read["operationId"] as? String).map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "")
                read["summary"] = "For the teacher of a class the student is in, read-only (404 for anyone else): "
                    + (read["summary"] as? String ?? "")
                read["parameters"] = [
                    ["name": "id", "in": "path", "required": true, "schema": ["type": "integer", "format": "int64"], "description": "The class."],
                    ["name": "student", "in": "path", "required": true, "schema": ["type": "integer", "format": "int64"], "description": "The student's account."],
                ] + (read["parameters"] as? [Any] ?? [])
                var responses = read["responses"] as? [String: Any] ?? [:]
                responses["404"] = ["$ref": "#/components/responses/Error"]
                read["responses"] = responses
                paths[AccountsResponder.studentPath + path.dropFirst("/api".count)] = ["get": read]
            }
        }
        return paths
    }

    /// 401 without a session, 503 when the accounts cannot be read.
    private static func needingSession(_ operation: [String: Any]) -> [String: Any] {
        var operation = operation
        var responses = operation["responses"] as? [String: Any] ?? [:]
        for status in ["401", "503"] where responses[status] == nil {
            responses[status] = ["$ref": "#/components/responses/Error"]
        }
        operation["responses"] = responses
        operation["security"] = [["session": [String]()]]
        return operation
    }

    static func schemas(_ named: [(name: String, type: any Decodable.Type)] = components + classComponents) throws -> [String: Any] {
        let tracer = SchemaTracer(components: Dictionary(uniqueKeysWithValues: named.map { (ObjectIdentifier($0.type), $0.name) }))
        var schemas: [String: Any] = [:]
        for (name, type) in named {
            schemas[name] = try tracer.definition(of: type).schema
        }
        return schemas
    }
}
