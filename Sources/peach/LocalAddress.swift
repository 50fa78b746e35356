import Foundation

enum LocalAddress {
    /// The first IPv4 address of this machine that is not loopback: what a phone on the same
    /// network would type. nil on a machine with loopback only.
    static func network() -> String? { all().first }

    /// Every IPv4 address of this machine that is not loopback, in interface order.
    static func all() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(
                    address, socklen_t(MemoryLayout<sockaddr_in>.size), &name, socklen_t(name.count),
                    nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127."), !addresses.contains(text) { addresses.append(text) }
        }
        return addresses
    }
}
