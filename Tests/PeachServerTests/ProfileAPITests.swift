import Foundation
import Hummingbird
import Logging
import Testing

@testable import PeachCore
@testable import PeachServer
@testable import PeachStore

/// The profile endpoints on a real SQLite file: rebuilt at start-up, updated per answer.
struct ProfileAPITests {
    struct Profile: Decodable {
        struct Comparisons: Decodable {
            let count: Int
            let correctCount: Int
            let meanThreshold: Double?
            let standardDeviation: Double?
            let trend: String?
            let currentRollingMean: Double?
            let first: String?
            let last: String?
        }
        struct Threshold: Decodable {
            let threshold: Double, lower: Double, upper: Double, upperIsOpen: Bool, percentCorrect: Double,
                confidence: Double, trials: Int, window: Int
        }
        struct PitchMatching: Decodable {
            let count: Int
            let meanAbsoluteError: Double?
            let standardDeviation: Double?
        }
        let comparisons: Comparisons
        let threshold: Threshold?
        let pitchMatching: PitchMatching
    }

    struct Timeline: Decodable {
        struct Fit: Decodable {
            let threshold: Double, lower: Double, upper: Double, upperIsOpen: Bool, trials: Int
        }
        struct Point: Decodable {
            let start: String, threshold: Fit?, meanThreshold: Double, count: Int, correctCount: Int,
                rollingMean: Double, rollingStandardDeviation: Double
        }
        let period: String
        let rollingWindow: Int
        let first: Int
        let periods: Int
        let points: [Point]
    }

    /// Opens the app on a database that `seed` filled first, as a restart would find it.
    static func withApp(
        seed: @Sendable (SQLiteTrainingDataStore) async throws -> Void = { _ in },
        environment: ServerEnvironment = .unimplemented,
        _ body: @Sendable (RouterClient, AppServices) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "peach-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("peach.sqlite").path
        try await seed(SQLiteTrainingDataStore(database: try PeachDatabase(path: path)))
        let services = try await AppServices.open(
            databasePath: path, environment: environment, logger: Logger(label: "test"))
        let app = Application(router: try PeachApp.router(services: services))
        try await app.test { client in try await body(client, services) }
    }

    static func get<T: Decodable>(_ type: T.Type, _ uri: String, _ client: RouterClient) async throws -> T {
        try await client.execute(uri: uri, method: .get) { response throws in
            #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
            return try JSONDecoder().decode(type, from: Data(buffer: response.body))
        }
    }

    static let now = Date()

    /// Three days: 40 answers each at 20, 10 and 5 ¢; the listener gets 3 of 4 right.
    static func saveThreeDays(_ store: SQLiteTrainingDataStore) async throws {
        for (day, difference) in [(2.0, 20.0), (1, 10), (0, 5)] {
            for index in 0..<40 {
                try await store.save(
                    comparison(
                        index.isMultiple(of: 2) ? difference : -difference, correct: index % 4 != 3,
                        secondsAgo: day * 86_400 + Double(40 - index) * 10))
            }
        }
    }

    static func comparison(_ offset: Double, correct: Bool, secondsAgo: Double) -> CompletedComparison {
        CompletedComparison(
            note1: MIDINote(60)!, note2: MIDINote(60)!, note2CentOffset: Cents(offset), isCorrect: correct,
            timestamp: Date(timeIntervalSince1970: (now.timeIntervalSince1970 - secondsAgo).rounded()))
    }

    @Test func aFreshProfileHasNoNumbersAtAll() async throws {
        try await Self.withApp { client, _ in
            let profile = try await Self.get(Profile.self, "/api/profile", client)
            #expect(profile.comparisons.count == 0)
            #expect(profile.comparisons.meanThreshold == nil)
            #expect(profile.comparisons.standardDeviation == nil)
            #expect(profile.comparisons.trend == nil)
            #expect(profile.comparisons.currentRollingMean == nil)
            #expect(profile.comparisons.first == nil)
            #expect(profile.threshold == nil)
            #expect(profile.pitchMatching.count == 0)
            #expect(profile.pitchMatching.meanAbsoluteError == nil)
            // Absent is said out loud: the fields are there, as null.
            try await client.execute(uri: "/api/profile", method: .get) { response throws in
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let comparisons = body?["comparisons"] as? [String: Any]
                #expect(comparisons?["meanThreshold"] is NSNull)
                #expect(comparisons?["trend"] is NSNull)
                #expect(body?["threshold"] is NSNull)
                #expect((body?["pitchMatching"] as? [String: Any])?["meanAbsoluteError"] is NSNull)
            }
            let timeline = try await Self.get(Timeline.self, "/api/profile/timeline", client)
            #expect(timeline.period == "day")
            #expect(timeline.points.isEmpty)
        }
    }

    @Test func startUpRebuildsTheProfileFromEveryRecord() async throws {
        try await Self.withApp(seed: { store in
            try await Self.saveThreeDays(store)
            for error in [-8.0, 12, 4] {
                try await store.save(
                    CompletedPitchMatching(
                        referenceNote: MIDINote(60)!, initialCentOffset: Cents(50), userCentError: Cents(error),
                        timestamp: Self.now))
            }
        }) { client, _ in
            let profile = try await Self.get(Profile.self, "/api/profile", client)
            #expect(profile.comparisons.count == 120)
            #expect(profile.comparisons.correctCount == 90)
            #expect(abs(profile.comparisons.meanThreshold! - 35.0 / 3) < 1e-9)
            // The 60 answers before the change's span cannot state the threshold then: no change yet,
            // so no trend (issue 49: the trend is the change's direction).
            #expect(profile.comparisons.trend == nil)
            #expect(profile.pitchMatching.count == 3)
            #expect(profile.pitchMatching.meanAbsoluteError == 8)
            #expect(profile.pitchMatching.standardDeviation == 4)
            let threshold = try #require(profile.threshold)
            #expect(threshold.trials == 120 && threshold.window == ThresholdTracker.window)
            #expect(threshold.percentCorrect == 0.75 && threshold.confidence == 0.95)
            #expect(threshold.lower < threshold.threshold && threshold.threshold < threshold.upper)

            let timeline = try await Self.get(Timeline.self, "/api/profile/timeline?period=day", client)
            // Depending on the time of day the runs may cross midnight; every answer is in some day.
            #expect(timeline.points.map(\.count).reduce(0, +) == 120)
            #expect(timeline.points.first?.meanThreshold == 20)
            #expect(timeline.points.last?.meanThreshold == 5)
            #expect(timeline.rollingWindow == 20)
            #expect(abs(profile.comparisons.currentRollingMean! - timeline.points.last!.rollingMean) < 1e-9)
            let weeks = try await Self.get(Timeline.self, "/api/profile/timeline?period=week", client)
            #expect(weeks.points.map(\.count).reduce(0, +) == 120)
            #expect(weeks.points.count <= 2)
        }
    }

    @Test func eachAnswerUpdatesTheProfileAtOnce() async throws {
        try await Self.withApp(environment: .fixed()) { client, services in
            for _ in 0..<3 {
                let comparison = try await client.execute(uri: "/api/comparisons", method: .post) {
                    try TestApp.decode(APITests.Comparison.self, $0)
                }
                let right = comparison.note2.centOffset > 0 ? "higher" : "lower"
                try await client.execute(
                    uri: "/api/comparisons/\(comparison.id)/answer", method: .post,
                    headers: [.contentType: "application/json"],
                    body: TestApp.json(#"{"answer":"\#(right)"}"#)
                ) { #expect($0.status == .ok) }
            }
            // 100 → 50 → 32.3 ¢, all correct.
            let profile = try await Self.get(Profile.self, "/api/profile", client)
            #expect(profile.comparisons.count == 3)
            #expect(profile.comparisons.correctCount == 3)
            #expect(abs(profile.comparisons.meanThreshold! - (100 + 50 + 32.3) / 3) < 1e-9)
            let timeline = try await Self.get(Timeline.self, "/api/profile/timeline?period=hour", client)
            #expect(timeline.points.map(\.count).reduce(0, +) == 3)

            // The pitch-matching service reports attempts the same way.
            await services.profile.record(
                .matching(
                    CompletedPitchMatching(
                        referenceNote: MIDINote(60)!, initialCentOffset: Cents(30), userCentError: Cents(-6),
                        timestamp: Date())))
            let after = try await Self.get(Profile.self, "/api/profile", client)
            #expect(after.pitchMatching.count == 1)
            #expect(after.pitchMatching.meanAbsoluteError == 6)
        }
    }

    /// Issue 49: a null threshold comes with its reason, and the numbers the reason rests on.
    @Test func aNullThresholdSaysWhyAndAStatedOneDoesNot() async throws {
        try await Self.withApp(seed: { store in
            for index in 0..<3 {
                try await store.save(Self.comparison(20, correct: index != 1, secondsAgo: Double(10 - index)))
            }
        }) { client, _ in
            let (_, body, _) = try await RhythmTimelineAPITests.get("/api/profile", client)
            #expect(body["threshold"] is NSNull)
            let missing = try #require(body["missingThreshold"] as? [String: Any])
            #expect(missing["reason"] as? String == "tooFewAnswers")
            #expect(missing["answers"] as? Int == 3 && missing["needed"] as? Int == ThresholdEstimator.minimumTrials)
            #expect(missing["lower"] is NSNull && missing["upper"] is NSNull)
            // The timeline's period says the same, and the chart draws it a mark whose popup can say so.
            let (_, timeline, _) = try await RhythmTimelineAPITests.get("/api/profile/timeline?period=day", client)
            let newest = try #require((timeline["points"] as? [[String: Any]])?.last)
            let said = try #require(newest["missingThreshold"] as? [String: Any])
            #expect(newest["threshold"] is NSNull && said["reason"] as? String == "tooFewAnswers")
            #expect(said["answers"] as? Int == 3)
            let (_, _, svg) = try await RhythmTimelineAPITests.get(
                "/api/profile/chart.svg?period=day&width=600&height=240", client)
            #expect(svg.contains(#"<path class="gap" data-index="#) && !svg.contains(#"class="dot""#), "\(svg)")
        }
        // At chance at 20 and 40 ¢, always right at 160 ¢: placed only within more than ×10.
        try await Self.withApp(seed: { store in
            for index in 0..<20 {
                let offset = [20.0, 40, 160][index % 3]
                try await store.save(
                    Self.comparison(
                        offset, correct: offset > 100 || index.isMultiple(of: 2), secondsAgo: Double(100 - index)))
            }
        }) { client, _ in
            let (_, body, _) = try await RhythmTimelineAPITests.get("/api/profile", client)
            #expect(body["threshold"] is NSNull)
            let wide = try #require(body["missingThreshold"] as? [String: Any])
            let (lower, upper) = (try #require(wide["lower"] as? Double), try #require(wide["upper"] as? Double))
            #expect(wide["reason"] as? String == "tooWide" && wide["answers"] as? Int == 20)
            #expect(upper > ThresholdEstimate.widestInformativeRatio * lower, "\(wide)")
        }
        // As at start-up above: 40 answers each at 20, 10 and 5 ¢, 3 of 4 right, state a threshold.
        try await Self.withApp(seed: { store in
            try await Self.saveThreeDays(store)
        }) { client, _ in
            let (_, body, _) = try await RhythmTimelineAPITests.get("/api/profile", client)
            #expect(body["threshold"] is [String: Any] && body["missingThreshold"] is NSNull, "\(body)")
        }
    }

    @Test(arguments: ["year", "DAY", "", "1"])
    func anUnknownPeriodIsABadRequest(period: String) async throws {
        try await Self.withApp { client, _ in
            for path in ["/api/profile/timeline", "/api/profile/chart.svg"] {
                try await client.execute(uri: "\(path)?period=\(period)", method: .get) { response throws in
                    #expect(response.status == .badRequest)
                    let message = try TestApp.decode(APITests.ErrorBody.self, response).error.message
                    #expect(message.contains("period must be one of hour, day, week, month"), "\(message)")
                }
            }
        }
    }

    /// The timeline sends what the chart draws for the same view (the view and one view-width
    /// either side, one period beyond each end), so a long history costs what a short one does.
    @Test func theTimelineSendsThePeriodsTheChartDrawsForTheSameView() async throws {
        let days = 200
        try await Self.withApp(seed: { store in
            for day in 0..<days {
                try await store.save(Self.comparison(10, correct: true, secondsAgo: Double(day) * 86_400))
            }
        }) { client, _ in
            let opening = try await Self.get(Timeline.self, "/api/profile/timeline?period=day", client)
            // The newest 30 periods and the 30 before them, and one more.
            #expect(opening.periods == days && opening.points.count == 61 && opening.first == days - 61)
            let view = try await Self.get(
                Timeline.self, "/api/profile/timeline?period=day&viewStart=50&viewWidth=20", client)
            // Drawn: periods 30 to 90 (centres 30.5 … 89.5) and one beyond each end.
            #expect(view.first == 29 && view.points.count == 62)
            let all = try await Self.get(
                Timeline.self, "/api/profile/timeline?period=day&viewStart=0&viewWidth=1000000", client)
            #expect(all.first == 0 && all.points.count == days)
            #expect(all.points[view.first].start == view.points[0].start)
            let svg = try await client.execute(
                uri: "/api/profile/chart.svg?period=day&viewStart=50&viewWidth=20", method: .get
            ) { String(buffer: $0.body) }
            #expect(svg.contains(#"data-rendered-start="30.00""#) && svg.contains(#"data-rendered-end="90.00""#))
        }
    }

    /// Zoomed out, the chart and the timeline beside it draw the same longer period over the same
    /// dates, and far fewer points; zoomed back in, the period asked for.
    @Test func zoomedOutTheChartAndItsTimelineDrawALongerPeriod() async throws {
        let days = 120
        try await Self.withApp(seed: { store in
            for day in 0..<days {
                try await store.save(Self.comparison(10, correct: true, secondsAgo: Double(day) * 86_400))
            }
        }) { client, _ in
            // A 400 px chart has room for 42.5 dots: 100 days are drawn as weeks.
            let zoomed = "period=day&coarsen=true&width=400&viewStart=10&viewWidth=100"
            let weeks = try await Self.get(Timeline.self, "/api/profile/timeline?\(zoomed)", client)
            let daily = try await Self.get(
                Timeline.self, "/api/profile/timeline?period=day&viewStart=10&viewWidth=100", client)
            #expect(weeks.period == "week" && daily.period == "day")
            #expect(
                weeks.points.count * 5 < daily.points.count, "\(weeks.points.count) weeks, \(daily.points.count) days")
            let svg = try await client.execute(uri: "/api/profile/chart.svg?\(zoomed)&height=320", method: .get) {
                String(buffer: $0.body)
            }
            #expect(svg.contains(#"data-period="week""#) && svg.contains(#"data-coarser-above="42.50""#))
            // A date label per period drawn (a dot only where a week's answers place a threshold).
            #expect(svg.components(separatedBy: "<text data-x=").count - 1 == weeks.points.count)

            let back = try await Self.get(
                Timeline.self,
                "/api/profile/timeline?period=day&coarsen=true&width=400&viewPeriod=week&viewStart=5&viewWidth=5",
                client)
            #expect(back.period == "day")
        }
    }

    @Test(arguments: [
        ("coarsen=yes", "coarsen must be true or false"),
        ("viewPeriod=week", "viewPeriod goes with viewStart and viewWidth"),
        ("viewPeriod=year&viewStart=1&viewWidth=2", "viewPeriod must be one of hour, day, week, month"),
        ("viewStart=50", "viewStart and viewWidth go together"),
        ("viewWidth=20", "viewStart and viewWidth go together"),
        ("viewStart=0&viewWidth=0", "viewWidth"), ("viewStart=-2000000&viewWidth=20", "viewStart"),
        ("viewStart=x&viewWidth=20", "viewStart"),
    ])
    func aTimelineViewOutOfRangeIsABadRequest(query: String, message: String) async throws {
        try await Self.withApp { client, _ in
            try await client.execute(uri: "/api/profile/timeline?\(query)", method: .get) { response throws in
                #expect(response.status == .badRequest)
                let said = try TestApp.decode(APITests.ErrorBody.self, response).error.message
                #expect(said.contains(message), "\(said)")
            }
        }
    }

    @Test(arguments: [
        ("width=10", "width must be an integer from 200 to 4000"),
        ("height=99999", "height must be an integer from 120 to 2000"), ("lang=fr", "lang must be one of en, de"),
    ])
    func outOfRangeChartOptionsAreBadRequests(query: String, message: String) async throws {
        try await Self.withApp { client, _ in
            try await client.execute(uri: "/api/profile/chart.svg?\(query)", method: .get) { response throws in
                #expect(response.status == .badRequest)
                #expect(try TestApp.decode(APITests.ErrorBody.self, response).error.message.contains(message))
            }
        }
    }

    @Test func theChartHasOneDotPerPeriodAndTheSparklineATrace() async throws {
        try await Self.withApp(seed: { store in
            // 60 answers a day (no pooling), right and wrong at several differences: each day is fitted.
            for day in 0..<5 {
                for index in 0..<60 {
                    try await store.save(
                        Self.comparison(
                            [6, 12, 24][index % 3] + Double(day), correct: index % 3 == 2 || index % 4 != 0,
                            secondsAgo: Double(day) * 86_400 + Double(index)))
                }
            }
        }) { client, _ in
            try await client.execute(
                uri: "/api/profile/chart.svg?period=day&width=600&height=240&lang=de", method: .get
            ) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
                let svg = String(buffer: response.body)
                #expect(svg.hasPrefix("<svg"))
                #expect(svg.contains(#"viewBox="0 0 600.00 240.00""#))
                let dots = svg.components(separatedBy: #"class="dot""#).count - 1
                let days = Set(
                    (0..<5).map { Calendar.current.startOfDay(for: Self.now.addingTimeInterval(-Double($0) * 86_400)) })
                #expect(dots == days.count)
                #expect(
                    svg.contains(#"class="band""#) && svg.contains(#"class="threshold""#)
                        && svg.contains(#"class="played""#))
            }
            try await client.execute(uri: "/api/profile/sparkline.svg", method: .get) { response throws in
                #expect(response.status == .ok)
                let svg = String(buffer: response.body)
                #expect(svg.contains(#"class="trace""#))
                #expect(!svg.contains("<text"))
            }
        }
    }

    /// Each discipline has its own series: a matching discipline's is its mean absolute error per day.
    @Test func eachDisciplineHasItsOwnSparkline() async throws {
        try await Self.withApp(seed: { store in
            for day in 0..<3 {
                for index in 0..<4 {
                    try await store.save(
                        CompletedPitchMatching(
                            referenceNote: MIDINote(60)!, initialCentOffset: Cents(30),
                            userCentError: Cents(Double(5 * (day + 1) + index)),
                            timestamp: Self.now.addingTimeInterval(-Double(day) * 86_400 - Double(index))))
                }
            }
        }) { client, _ in
            func svg(_ query: String) async throws -> String {
                try await client.execute(uri: "/api/profile/sparkline.svg?\(query)", method: .get) { response throws in
                    #expect(response.status == .ok, "\(query)")
                    return String(buffer: response.body)
                }
            }
            let matching = try await svg("discipline=pitchMatching")
            #expect(matching.contains(#"class="trace""#))
            let days = Set(
                (0..<3).map { Calendar.current.startOfDay(for: Self.now.addingTimeInterval(-Double($0) * 86_400 - 3)) })
            #expect(matching.components(separatedBy: " L").count == days.count)
            // No comparisons yet, no interval records: quiet baselines.
            #expect(try await svg("discipline=pitchComparison").contains(#"class="empty""#))
            #expect(try await svg("discipline=intervalMatching").contains(#"class="empty""#))
            // Sung answers are their own series: the slider's attempts are not in it.
            #expect(try await svg("discipline=pitchSinging").contains(#"class="empty""#))
            try await client.execute(uri: "/api/profile/sparkline.svg?discipline=rhythm", method: .get) {
                response throws in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func anEmptySparklineIsAQuietDashedBaseline() async throws {
        try await Self.withApp { client, _ in
            try await client.execute(uri: "/api/profile/sparkline.svg", method: .get) { response throws in
                #expect(String(buffer: response.body).contains(#"class="empty""#))
            }
        }
    }

    @Test func theOpenAPIDocumentDescribesTheProfile() async throws {
        try await Self.withApp { client, _ in
            try await client.execute(uri: "/api/openapi.json", method: .get) { response throws in
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let paths = Set((document?["paths"] as? [String: Any])?.keys.map { $0 } ?? [])
                #expect(
                    paths.isSuperset(of: [
                        "/api/profile", "/api/profile/timeline", "/api/profile/chart.svg", "/api/profile/sparkline.svg",
                    ]))
            }
        }
    }
}
