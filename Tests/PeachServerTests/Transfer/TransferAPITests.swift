import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import PeachServer

struct TransferAPITests {
    /// Files written in format 1 still import: the tests below send them.
    static let header =
        "# peach-records-format:1\nkind,timestamp,note1,note2,note2CentOffset,isCorrect,referenceNote,initialCentOffset,userCentError\n"
    static let exportHeader =
        "# peach-records-format:2\ndiscipline,timestamp,interval,direction,tuningSystem,note1,note2,note2CentOffset,isCorrect,referenceNote,initialCentOffset,userCentError\n"

    struct Records: Decodable {
        struct Record: Decodable {
            let note1: Int
            let note2CentOffset: Double
            let isCorrect: Bool
        }
        let records: [Record]
    }

    @Test func anAnswerGoesOutInTheExportAndComesBackAsADuplicate() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let id = try await client.execute(uri: "/api/comparisons", method: .post) { response throws in
                try #require(JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])["id"]
                    as! String
            }
            try await client.execute(
                uri: "/api/comparisons/\(id)/answer", method: .post,
                headers: [.contentType: "application/json"], body: TestApp.json(#"{"answer":"higher"}"#)
            ) { _ in }
            let csv = try await client.execute(uri: "/api/export", method: .get) { response throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
                #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"peach-") == true)
                return response.body
            }
            let text = String(buffer: csv)
            #expect(
                text.hasPrefix(
                    "# peach-records-format:9\ndiscipline,timestamp,interval,direction,tuningSystem,note1,note2,note2CentOffset,isCorrect,referenceNote,initialCentOffset,userCentError,sungOctave,tempoBPM,offsetPercent,offsetMs,meanOffsetMs,offsetSDMs,hitRate,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3,rootNote,triad,detunedVoice,detuneCents,answeredVoice,tonicNote,mode,degree,answeredDegree,quality,inversion,voicing,answeredQuality,melody,answer,correctNotes,progression,inversions,correctChords\n"
                ))
            #expect(text.split(separator: "\n").count == 3)
            try await client.execute(uri: "/api/import?mode=merge", method: .post, body: csv) { response throws in
                #expect(response.status == .ok)
                let body = try #require(
                    JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(body["imported"] as? Int == 0)
                #expect(body["duplicatesSkipped"] as? Int == 1)
                #expect(body["format"] as? String == "Peach records format 9")
            }
        }
    }

    @Test func aBadFileIsRejectedWithItsLineAndNothingIsWritten() async throws {
        try await TestApp.with { client in
            let file =
                Self.header
                + "comparison,2026-11-22T08:15:01.000Z,60,60,1,true,,,\ncomparison,2026-11-22T08:15:02.000Z,60,60,Infinity,true,,,\n"
            try await client.execute(uri: "/api/import?mode=replace", method: .post, body: ByteBuffer(string: file)) {
                response throws in
                #expect(response.status == .badRequest)
                let body = try #require(
                    JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: [String: Any]])
                #expect(body["error"]?["line"] as? Int == 4)
                #expect((body["error"]?["message"] as? String)?.contains("line 4: note2CentOffset 'Infinity'") == true)
            }
            try await client.execute(uri: "/api/records/comparisons", method: .get) { response throws in
                #expect(try TestApp.decode(Records.self, response).records.isEmpty)
            }
        }
    }

    @Test func replaceKeepsOnlyTheFileAndMergeAddsToIt() async throws {
        try await TestApp.with { client in
            let first = Self.header + "comparison,2026-11-22T08:15:01.000Z,60,60,1.5,true,,,\n"
            let second =
                Self.header
                + "comparison,2026-11-22T08:15:02.000Z,61,61,-2.5,false,,,\npitchMatching,2026-11-22T08:15:03.000Z,,,,,69,10,-1\n"
            for (file, mode) in [(first, "merge"), (second, "replace"), (first, "merge")] {
                try await client.execute(uri: "/api/import?mode=\(mode)", method: .post, body: ByteBuffer(string: file))
                { response throws in
                    #expect(response.status == .ok)
                }
            }
            try await client.execute(uri: "/api/records/comparisons", method: .get) { response throws in
                let records = try TestApp.decode(Records.self, response).records
                #expect(records.map(\.note1) == [61, 60])
                #expect(records.map(\.note2CentOffset) == [-2.5, 1.5])
            }
        }
    }

    @Test func theModeMustBeNamed() async throws {
        try await TestApp.with { client in
            for query in ["", "?mode=", "?mode=append"] {
                try await client.execute(
                    uri: "/api/import\(query)", method: .post, body: ByteBuffer(string: Self.header)
                ) { response throws in
                    #expect(response.status == .badRequest)
                    // Absent: "mode is required: one of …"; wrong: "mode must be one of …, got '…'".
                    let message = String(buffer: response.body)
                    #expect(message.contains("mode ") && message.contains("one of merge, replace"), "\(message)")
                }
            }
        }
    }

    @Test func afterAnImportTheChainContinuesFromTheNewestImportedAnswer() async throws {
        try await TestApp.with(environment: .fixed()) { client in
            let open = try await client.execute(uri: "/api/comparisons", method: .post) { response throws in
                try #require(JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])["id"]
                    as! String
            }
            let file = Self.header + "comparison,2026-11-22T08:15:01.000Z,60,60,-100,true,,,\n"
            try await client.execute(uri: "/api/import?mode=replace", method: .post, body: ByteBuffer(string: file)) {
                response throws in
                #expect(response.status == .ok)
            }
            // Correct at 100 ¢ narrows the chain to 50 ¢, as if that answer had just been given.
            try await client.execute(uri: "/api/comparisons", method: .post) { response throws in
                let body = try #require(
                    JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(abs((body["note2"] as? [String: Any])?["centOffset"] as? Double ?? 0) == 50)
            }
            // A trial handed out before the import is still answered (a phone's reserve is).
            try await client.execute(
                uri: "/api/comparisons/\(open)/answer", method: .post,
                headers: [.contentType: "application/json"], body: TestApp.json(#"{"answer":"higher"}"#)
            ) { response throws in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func theProfileShowsWhatAnImportStored() async throws {
        try await TestApp.with { client in
            let file =
                Self.header
                + "comparison,2026-11-20T08:15:01.000Z,60,60,-12.5,true,,,\n"
                + "comparison,2026-11-21T08:15:01.000Z,62,62,20,false,,,\n"
                + "pitchMatching,2026-11-21T09:00:00.000Z,,,,,69,40,-6\n"
            try await client.execute(uri: "/api/import?mode=merge", method: .post, body: ByteBuffer(string: file)) {
                response throws in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/api/profile", method: .get) { response throws in
                let body = try #require(
                    JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let comparisons = body["comparisons"] as? [String: Any]
                #expect(comparisons?["count"] as? Int == 2)
                #expect(comparisons?["correctCount"] as? Int == 1)
                #expect((body["pitchMatching"] as? [String: Any])?["count"] as? Int == 1)
            }
        }
    }
}
