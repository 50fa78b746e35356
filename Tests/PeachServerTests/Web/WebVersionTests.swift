import Foundation
import PeachCore
import Testing

@testable import PeachServer

/// The page's service worker keeps one cache per webVersion: any change to a served file must make
/// another one, and the same files the same one.
struct WebVersionTests {
    @Test func anyChangedFileIsAnotherVersionAndTheSameFilesTheSame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("js"), withIntermediateDirectories: true)
        try Data("<html>".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data("export {}".utf8).write(to: folder.appendingPathComponent("js/app.js"))
        let first = WebResources.digest(of: folder)
        #expect(first.count == 12)
        #expect(WebResources.digest(of: folder) == first)
        try Data("export { a }".utf8).write(to: folder.appendingPathComponent("js/app.js"))
        let edited = WebResources.digest(of: folder)
        #expect(edited != first)
        // The same bytes under another name are another app too.
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("js/app.js"), to: folder.appendingPathComponent("js/main.js"))
        #expect(WebResources.digest(of: folder) != edited)
    }

    @Test func theServedWebVersionStartsWithTheServersVersion() {
        #expect(WebResources.webVersion.hasPrefix("\(PeachVersion.current)-"))
        #expect(WebResources.webVersion.count == PeachVersion.current.count + 13)
    }
}
