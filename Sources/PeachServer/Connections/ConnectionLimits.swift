import NIOCore

/// How long and how many connections a client may hold. Without these, idle sockets from any
/// device on the network (no token needed to open one) used up the server's file descriptors and
/// `/api/health` stopped answering (issue 31).
struct ConnectionLimits: Sendable {
    /// A connection that sends no complete request head, or stays silent between requests, this
    /// long is closed: at once the header timeout and the keep-alive timeout.
    var idleTimeout: TimeAmount = .seconds(10)
    /// Open connections per remote address beyond loopback: 30 pupils behind one school router,
    /// six each as browsers open, fit; a reverse proxy on this machine sets its own limits.
    var connectionsPerAddress = 256
    /// A request body must arrive at least this fast while the server waits for it.
    var bodyPace = BodyPace.Rule()

    init() {}
}
