import Synchronization

/// The open connections of each remote address, shared by every event loop: a connection beyond
/// the limit is refused. Loopback is never counted: a reverse proxy on this machine brings every
/// client through it.
final class ConnectionLedger: Sendable {
    let limit: Int
    private let open = Mutex<[String: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts the connection and returns true, or returns false (nothing counted) when the address
    /// holds `limit` already.
    func admit(_ address: String) -> Bool {
        open.withLock { open in
            let count = open[address, default: 0]
            guard count < limit else { return false }
            open[address] = count + 1
            return true
        }
    }

    func release(_ address: String) {
        open.withLock { open in
            let count = open[address, default: 0] - 1
            open[address] = count > 0 ? count : nil
        }
    }

    /// The addresses with an open connection, and how many each.
    var counts: [String: Int] { open.withLock { $0 } }
}
