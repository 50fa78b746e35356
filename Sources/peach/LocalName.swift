import Foundation

/// This machine's name on the local network: `<host name>.local`, as mDNS (Avahi) announces it.
/// Unlike a DHCP address it does not change, so the installed app's origin survives a new address.
enum LocalName {
    /// The host name's first label, lowercased; nil when the machine has no name of its own.
    static func machine() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let label = name.split(separator: ".").first.map { $0.lowercased() } ?? ""
        return label.isEmpty || label == "localhost" ? nil : label
    }

    /// `<host name>.local`; nil without a host name.
    static func mDNS() -> String? { machine().map { $0 + ".local" } }
}
