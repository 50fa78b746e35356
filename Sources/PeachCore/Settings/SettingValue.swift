/// A setting's raw value as it arrives from outside or is stored: JSON's truth values, whole numbers,
/// strings and lists of them — what a kind's settings are made of.
public enum SettingValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case flag(Bool)
    case number(Int)
    case text(String)
    case list([SettingValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([SettingValue].self) {
            self = .list(list)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "a setting is true or false, a whole number, a string or a list of them")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .flag(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .text(let text): try container.encode(text)
        case .list(let list): try container.encode(list)
        }
    }

    /// As the value is written in JSON, for messages.
    public var description: String {
        switch self {
        case .flag(let flag): String(flag)
        case .number(let number): String(number)
        case .text(let text): "'\(text)'"
        case .list(let list): "[\(list.map(\.description).joined(separator: ", "))]"
        }
    }
}
