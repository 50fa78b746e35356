import Foundation
import Hummingbird
import NIOCore
import PeachCore
import PeachServices

/// `GET /api/export` (the CSV download) and `POST /api/import?mode=merge|replace` (a CSV body).
struct TransferRoutes: RouteTable {
    let services: AppServices
    let transfer: any TrainingDataTransferring

    /// nil on an in-memory store, which keeps no files.
    init?(_ services: AppServices) {
        guard let transfer = services.transfer else { return nil }
        self.services = services
        self.transfer = transfer
    }

    static let mode = APIParameter.choice("mode", ImportMode.self).described(
        "merge: add the file's records, skipping exact duplicates (same kind, millisecond and fields); replace: delete every stored record first."
    )

    static var routes: [Route<Self>] {
        [
            Route(
                .get, "export", "exportRecords",
                "Every training record as a CSV download (Peach records format 1, docs/data-format.md), oldest first",
                returns: "The CSV file, as an attachment.", media: .csv, errors: [.error(.serviceUnavailable)],
                Self.export),
            Route(
                .post, "import", "importRecords",
                "Import a CSV file (a Peach export or an export of Peach for iPhone, formats 1–3). It is checked as it is written; a bad row rejects it with its line number and nothing is written: no one sees any of it before the whole file is in. One import at a time per user.",
                returns: "Imported.", accepts: [.csv, .binary], parameters: [mode],
                errors: [
                    .error(.badRequest, "The file was rejected; nothing was written."),
                    .error(.conflict, "Another import of these records is running; nothing was written."),
                    .error(
                        .contentTooLarge,
                        "The Content-Length is over the limit; the body is not read and the connection is closed."),
                    .error(.serviceUnavailable),
                ],
                Self.importFile),
        ]
    }

    func export(_: Input<NoBody>) async throws -> MediaResponse {
        // The export is written to a file that is unlinked at once;
        // the download then streams from it instead of holding a million rows in memory.
        // mkdtemp(3) makes a directory no other download holds, without an id from the environment
        // (a test's counted ids would meet another test's in the shared temporary directory).
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("peach-export-XXXXXX").path.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw HTTPError(
                .serviceUnavailable,
                message: "the export failed: no temporary directory: \(String(cString: strerror(errno)))")
        }
        let directory = URL(fileURLWithPath: String(cString: template), isDirectory: true)
        let file = directory.appendingPathComponent("peach.csv")
        let handle: FileHandle
        let size: UInt64
        do {
            _ = try await transfer.exportCSV(to: file.path)
            handle = try FileHandle(forReadingFrom: file)
            size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            services.logger.error("export failed", metadata: ["error": "\(error)"])
            throw HTTPError(
                .serviceUnavailable,
                message: "the export failed: the database or a temporary file could not be read or written")
        }
        try? FileManager.default.removeItem(at: directory)
        let day = String(MillisecondTimestamp(services.environment.now()).iso8601.prefix(10))
        return MediaResponse(
            body: ResponseBody(contentLength: Int(size)) { writer in
                defer { try? handle.close() }
                while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                    try await writer.write(ByteBuffer(data: chunk))
                }
                try await writer.finish(nil)
            },
            headers: [.contentDisposition: "attachment; filename=\"peach-\(day).csv\"", .cacheControl: "no-store"])
    }

    func importFile(_ input: Input<NoBody>) async throws -> ImportResponse {
        let mode = try input[Self.mode]
        let length = input.request.headers[.contentLength].flatMap { Int($0) }
        // Refused before a byte of the body is read; closing is what stops a client that sends it anyway.
        if let length, length > TrainingDataParser.maximumBytes {
            throw HTTPError(
                .contentTooLarge, headers: [.connection: "close"],
                message: "the file has \(length) bytes; at most \(TrainingDataParser.maximumBytes) can be imported")
        }
        let spool = try BodySpool()
        let source = TrainingDataSource(expectedBytes: length) { try await spool.next() }
        // Not awaited: after a refusal the response goes at once, and the connection's close ends it.
        let filling = Task { await spool.fill(from: input.request.body) }
        defer { filling.cancel() }
        let summary: ImportSummary
        do throws(ImportFailure) {
            summary = try await transfer.importRecords(from: source, mode: mode)
        } catch {
            switch error {
            case .rejected(let error): throw ImportRejected(error: error)
            case .busy:
                // After the body, so the client's upload ends and it reads the 409.
                spool.discardRest()
                await filling.value
                throw HTTPError(.conflict, headers: [.connection: "close"], message: "nothing was imported: \(error)")
            case .store(let error): throw error.unavailable("nothing was imported", logger: services.logger)
            }
        }
        // The chains continue from the history as it is now, and the profile shows it; the trials
        // handed out before the import stay open (a phone's reserve is answered later).
        do throws(DataStoreError) {
            try await services.historyDidChange()
        } catch {
            throw error.unavailable("imported, but the profile could not be rebuilt", logger: services.logger)
        }
        return ImportResponse(summary)
    }
}

struct ImportResponse: ResponseEncodable, Decodable, APIDescribed {
    let format: String
    let mode: ImportMode
    let imported: Int
    let comparisons: Int
    let pitchMatchings: Int
    let duplicatesSkipped: Int
    let skipped: [SkippedRows]
    /// Imported records per discipline (every discipline named, zero included).
    let byDiscipline: [String: Int]

    static var apiNotes: [String: APINote] {
        [
            "format": .describe("What the file's first line said, e.g. \"Peach for iPhone export format 3\"."),
            "imported": APINote().with("minimum", 0),
            "comparisons": APINote().with("minimum", 0),
            "pitchMatchings": APINote().with("minimum", 0),
            "duplicatesSkipped": APINote().with("minimum", 0),
            "skipped": .describe(
                "Valid rows deliberately not imported (the timingOffsetDetection rows of an iPhone export, whose fields are not known)."
            ),
            "byDiscipline": .describe("Imported records per discipline (every discipline named, zero included)."),
        ]
    }

    init(_ summary: ImportSummary) {
        byDiscipline = Dictionary(
            uniqueKeysWithValues: Discipline.allCases.map { ($0.rawValue, summary.byDiscipline[$0] ?? 0) })
        format = summary.format
        mode = summary.mode
        imported = summary.imported
        comparisons = summary.imported(ComparisonKind.self)
        pitchMatchings = summary.imported(MatchingKind.self)
        duplicatesSkipped = summary.duplicatesSkipped
        skipped = summary.skipped
    }
}

/// 400 with the line as a number too, so the Settings screen can point at it.
struct ImportRejected: HTTPResponseError {
    let error: ImportError

    var status: HTTPResponse.Status { .badRequest }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let json = try JSONEncoder().encode(
            ErrorBody(error: .init(message: "nothing was imported: \(error.description)", line: error.line)))
        // The rest of the body may be unread: the connection closes rather than read it.
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .connection: "close"],
            body: ResponseBody(byteBuffer: ByteBuffer(data: json)))
    }
}
