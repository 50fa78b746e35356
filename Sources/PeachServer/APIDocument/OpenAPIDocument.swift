import Foundation
import PeachCore

/// The API document as served: the operations from `Resources/openapi.json`, and every schema they
/// refer to derived from the Swift types the routes really decode and encode (`SchemaTracer`), so a
/// shape, a range or an enumeration is written once — in Swift — and the document cannot drift from it.
enum OpenAPIDocument {
    /// The named schemas, by the Swift type each one is.
    static var components: [(name: String, type: any Decodable.Type)] {
        [
            ("Health", HealthResponse.self),
            ("Error", ErrorBody.self),
            ("Discipline", Discipline.self),
            ("TuningSystem", TuningSystem.self),
            ("DirectedInterval", DirectedInterval.self),
            ("TrialInterval", IntervalDTO.self),
            ("Session", TrialHeader.Session.self),
            ("TrialSound", TrialSoundDTO.self),
            ("Synthesis", SynthesisDTO.self),
            ("TrialRequest", TrialRequest.self),
            ("Comparison", ComparisonTrial.self),
            ("PitchMatchingChallenge", MatchingTrial.self),
            ("Trial", TrialResponse.self),
            ("ReserveRequest", ReserveRequest.self),
            ("TrialReserve", ReserveResponse.self),
            ("TrialAnswer", AnswerRequest.self),
            ("AnswerResult", JudgedAnswer.self),
            ("PitchMatchingResult", MatchedAnswer.self),
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
            ("RhythmSession", RhythmSession.self),
            ("RhythmComparison", RhythmComparisonTrial.self),
            ("RhythmMatching", RhythmMatchingTrialDTO.self),
            ("RhythmComparisonResult", TimingAnswerResponse.self),
            ("RhythmMatchingResult", TappingAnswerResponse.self),
            ("CalibrationRequest", CalibrationRequest.self),
            ("Calibration", CalibrationResponse.self),
            ("CalibrationPlan", CalibrationPlan.self),
        ]
    }

    static func served(from file: Data) throws -> Data {
        guard var document = try JSONSerialization.jsonObject(with: file) as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        var components = document["components"] as? [String: Any] ?? [:]
        guard components["schemas"] == nil else {
            throw SchemaTracer.Failure("openapi.json must not hold schemas: they are derived from the Swift types")
        }
        components["schemas"] = try schemas()
        document["components"] = components
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    static func schemas() throws -> [String: Any] {
        let named = components
        let tracer = SchemaTracer(components: Dictionary(uniqueKeysWithValues: named.map { (ObjectIdentifier($0.type), $0.name) }))
        var schemas: [String: Any] = [:]
        for (name, type) in named {
            schemas[name] = try tracer.definition(of: type).schema
        }
        return schemas
    }
}
