import Foundation
import PeachCore

/// The API document as served: every operation written from the route tables that register the
/// routes (`ServerRoutes`), and every schema they refer to derived from the Swift types the routes
/// really decode and encode (`SchemaTracer`), so a route, a shape, a range or an enumeration is
/// written once — in Swift — and the document cannot drift from it.
enum OpenAPIDocument {
    /// The named schemas, by the Swift type each one is; each kind's trial, result, record and
    /// profile summary are named as the kind names them.
    static var components: [(name: String, type: any Decodable.Type)] {
        [
            ("Health", HealthResponse.self),
            ("Error", ErrorBody.self),
            ("Discipline", Discipline.self),
            ("Disciplines", DisciplinesResponse.self),
            ("Phone", PhoneResponse.self),
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
            ("Confusion", ConfusionResponse.self),
            ("DisciplineThreshold", DisciplineThresholdResponse.self),
            ("ProfilePart", ProfilePartResponse.self),
            ("ImportResult", ImportResponse.self),
            ("TempoBand", TempoBand.self),
            ("CalibrationRequest", CalibrationRequest.self),
            ("Calibration", CalibrationResponse.self),
            ("CalibrationPlan", CalibrationPlan.self),
            ("Disagreements", DisagreementsResponse.self),
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
            ("InvitationAcceptance", InvitationAcceptance.self),
            ("InvitationCheck", InvitationCheck.self),
            ("Invitation", InvitationResponse.self),
            ("JoinClass", JoinRequest.self),
            ("NewClass", NewClassroomRequest.self),
            ("Class", ClassroomResponse.self),
            ("Classes", ClassroomsResponse.self),
            ("ClassDetail", ClassroomDetailResponse.self),
            ("StudentSummary", StudentSummaryResponse.self),
            ("NewAssignment", AssignmentRequest.self),
            ("AssignmentTaskDraft", AssignmentRequest.Task.self),
            ("AssignmentTemplate", AssignmentTemplate.self),
            ("NewAssignmentFromTemplate", AssignmentFromTemplateRequest.self),
            ("Assignment", AssignmentResponse.self),
            ("AssignmentTask", AssignmentTaskResponse.self),
            ("TaskProgress", TaskProgressResponse.self),
            ("AssignmentRow", AssignmentRowResponse.self),
            ("AssignmentTable", AssignmentTableResponse.self),
            ("AssignmentTables", AssignmentTablesResponse.self),
            ("MyAssignments", MyAssignmentsResponse.self),
            ("MyAssignment", MyAssignmentsResponse.Entry.self),
        ]
    }

    static var info: [String: Any] {
        [
            "title": "Peach API",
            "version": PeachVersion.current,
            "description":
                "The local Peach server: it decides every trial and owns every record; the browser plays the sound and posts answers. Errors are JSON: {\"error\": {\"message\": \"…\"}}, in English; a refusal a person reads also carries a stable `code` (and the numbers its sentence needs), which the page translates. Every operation, parameter, range and enumeration here is written by the server from the Swift declarations it runs on (PeachServer/APIDocument/OpenAPIDocument.swift).",
        ]
    }

    /// - Parameter classServer: describe a class server (accounts, classes, sessions) instead of
    ///   the personal Peach.
    static func served(classServer: Bool) throws -> Data {
        var named = components
        var routes = ServerRoutes.shared.documented + ServerRoutes.personal.documented + ServerRoutes.user.documented
        var components: [String: Any] = [
            "responses": [
                "Error": [
                    "description": "What was wrong.",
                    "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]],
                ]
            ]
        ]
        if classServer {
            routes = classServerRoutes
            named += classComponents
            components["securitySchemes"] = ["session": ["type": "apiKey", "in": "cookie", "name": SessionCookie.name]]
        }
        let tracer = tracer(named)
        components["schemas"] = try schemas(named, tracer)
        let document: [String: Any] = [
            "openapi": "3.0.3", "info": info, "paths": try paths(routes, tracer), "components": components,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    /// Each route under its path and method; a path's `{name}`s are exactly its path parameters.
    static func paths(_ routes: [DocumentedRoute], _ tracer: SchemaTracer) throws -> [String: Any] {
        var paths: [String: [String: Any]] = [:]
        for route in routes {
            let method = route.method.rawValue.lowercased()
            guard paths[route.path]?[method] == nil else {
                throw SchemaTracer.Failure("\(route.method) \(route.path) is declared twice")
            }
            let named = Set(
                route.path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) })
            let declared = Set(route.operation.parameters.filter { $0.location == .path }.map(\.name))
            guard named == declared else {
                throw SchemaTracer.Failure(
                    "\(route.path) names \(named.sorted()) but declares the path parameters \(declared.sorted())")
            }
            paths[route.path, default: [:]][method] = try route.operation.document(tracer)
        }
        return paths
    }

    static func tracer(_ named: [(name: String, type: any Decodable.Type)]) -> SchemaTracer {
        SchemaTracer(components: Dictionary(uniqueKeysWithValues: named.map { (ObjectIdentifier($0.type), $0.name) }))
    }

    static func schemas(_ named: [(name: String, type: any Decodable.Type)] = components + classComponents) throws
        -> [String: Any]
    {
        try schemas(named, tracer(named))
    }

    private static func schemas(_ named: [(name: String, type: any Decodable.Type)], _ tracer: SchemaTracer) throws
        -> [String: Any]
    {
        var schemas: [String: Any] = [:]
        for (name, type) in named {
            schemas[name] = try tracer.definition(of: type).schema
        }
        return schemas
    }
}
