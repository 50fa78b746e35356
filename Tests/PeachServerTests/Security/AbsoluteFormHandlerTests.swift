import Testing

@testable import PeachServer

/// The host an absolute-form target names, which becomes the request's Host; a path names none.
struct AbsoluteFormHandlerTests {
    @Test func theTargetsHostAndPortAreItsAuthority() {
        #expect(AbsoluteFormHandler.authority(of: "http://evil.example/api/health") == "evil.example")
        #expect(AbsoluteFormHandler.authority(of: "HTTPS://127.0.0.1:8443/x?y=1") == "127.0.0.1:8443")
        #expect(AbsoluteFormHandler.authority(of: "http://[::1]:8080/") == "[::1]:8080")
        #expect(AbsoluteFormHandler.authority(of: "/api/health") == nil)
        #expect(AbsoluteFormHandler.authority(of: "//js") == nil)
        #expect(AbsoluteFormHandler.authority(of: "ftp://evil.example/") == nil)
    }
}
