import Hummingbird

/// A query, path or header parameter, declared once: the document describes it from this
/// declaration and a request's value is read and checked by it, so a bound or a default cannot
/// differ between the two.
struct APIParameter<Value: Sendable>: Sendable {
    typealias Location = APIParameterLocation

    let name: String
    let location: Location
    var description: String?
    /// Absent from a request: required (400), or this value.
    let absent: Value?
    /// The schema, given the tracer; `default` is added from `documentedDefault`. Written out, not
    /// a reference, so a client reads a parameter's values where it is listed.
    let schema: @Sendable (SchemaTracer) throws -> [String: Any]
    /// What the refusal says a value must be ("an integer from 1 to 100").
    let expected: String
    let parse: @Sendable (String) -> Value?
    /// The default as the document writes it (the raw text or number a client would send).
    let documentedDefault: (any Sendable)?

    var required: Bool { absent == nil }

    func described(_ text: String) -> APIParameter {
        var copy = self
        copy.description = text
        return copy
    }

    /// The value of this parameter in `text` (nil when the request has none).
    func value(_ text: String?) throws -> Value {
        guard let text else {
            guard let absent else { throw HTTPError(.badRequest, message: "\(name) is required: \(expected)") }
            return absent
        }
        guard let value = parse(text) else {
            throw HTTPError(.badRequest, message: "\(name) must be \(expected), got '\(text)'")
        }
        return value
    }
}

enum APIParameterLocation: String, Sendable { case query, path, header }

/// A parameter as the document lists it, whatever the Swift type of its value.
protocol DocumentedParameter: Sendable {
    var name: String { get }
    var location: APIParameterLocation { get }
    func document(_ tracer: SchemaTracer) throws -> [String: Any]
}

extension APIParameter: DocumentedParameter {
    func document(_ tracer: SchemaTracer) throws -> [String: Any] {
        var schema = try self.schema(tracer)
        if let documentedDefault { schema = SchemaTracer.annotated(schema, with: ["default": documentedDefault]) }
        var parameter: [String: Any] = ["name": name, "in": location.rawValue, "required": required, "schema": schema]
        parameter["description"] = description
        return parameter
    }
}

extension APIParameter where Value: APIEnumeration {
    /// A parameter whose value is one of a Swift enumeration's cases, documented as exactly those;
    /// without a default, required.
    static func choice(_ name: String, _ type: Value.Type, in location: Location = .query, default value: Value? = nil)
        -> APIParameter
    {
        APIParameter(
            name: name, location: location, absent: value, schema: { try $0.definition(of: Value.self).schema },
            expected: Value.expected, parse: { Value(rawValue: $0) }, documentedDefault: value?.rawValue)
    }
}

extension APIParameter {
    /// The same parameter, nil when absent.
    var optional: APIParameter<Value?> {
        APIParameter<Value?>(
            name: name, location: location, description: description, absent: .some(nil), schema: schema,
            expected: expected,
            parse: parse, documentedDefault: nil)
    }
}

extension APIParameter where Value == Int {
    /// An integer within `range`; absent is `default` (a path parameter is always present).
    static func integer(
        _ name: String, in range: ClosedRange<Int>, default value: Int? = nil, in location: Location = .query,
        meaning: String = "an integer"
    ) -> APIParameter {
        APIParameter(
            name: name, location: location, absent: value,
            schema: { _ in ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound] },
            expected: "\(meaning) from \(range.lowerBound) to \(range.upperBound)",
            parse: { Int($0).flatMap { range.contains($0) ? $0 : nil } }, documentedDefault: value)
    }
}

extension APIParameter where Value == Double? {
    /// An optional number within `range`.
    static func number(_ name: String, in range: ClosedRange<Double>) -> APIParameter {
        APIParameter(
            name: name, location: .query, absent: .some(nil),
            schema: { _ in ["type": "number", "minimum": range.lowerBound, "maximum": range.upperBound] },
            expected: "a number from \(whole(range.lowerBound)) to \(whole(range.upperBound))",
            // Spelled out: in a closure typed `Double??`, `nil` for an out-of-range value would be
            // `.some(nil)`, the same as an absent parameter, and the value would pass unrefused.
            parse: { text -> Double?? in
                guard let value = Double(text), range.contains(value) else { return nil }
                return value
            }, documentedDefault: nil)
    }

    /// "1000000", not "1000000.0", where the bound is whole.
    private static func whole(_ bound: Double) -> String {
        bound.rounded() == bound ? String(Int(bound)) : String(bound)
    }
}

extension APIParameter where Value == String {
    /// A path parameter taken as it is (an id the route looks up).
    static func pathText(_ name: String) -> APIParameter {
        APIParameter(
            name: name, location: .path, absent: nil, schema: { _ in ["type": "string"] }, expected: "text",
            parse: { $0 }, documentedDefault: nil)
    }
}

extension APIParameter where Value == String {
    /// One of a few words, for values Swift keeps as a list rather than an enumeration.
    static func oneOf(_ name: String, _ values: [String], default value: String) -> APIParameter {
        APIParameter(
            name: name, location: .query, absent: value, schema: { _ in ["type": "string", "enum": values] },
            expected: "one of " + values.joined(separator: ", "), parse: { values.contains($0) ? $0 : nil },
            documentedDefault: value)
    }
}

extension APIParameter where Value == Int64 {
    /// A path parameter naming a stored row (a class, an account).
    static func pathID(_ name: String) -> APIParameter {
        APIParameter(
            name: name, location: .path, absent: nil, schema: { _ in ["type": "integer", "format": "int64"] },
            expected: "an integer", parse: { Int64($0) }, documentedDefault: nil)
    }
}

extension APIEnumeration {
    /// "one of a, b, c": what a refusal says the value must be.
    static var expected: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}

extension APIParameter where Value == Bool {
    /// true or false; absent, false.
    static func flag(_ name: String) -> APIParameter {
        APIParameter(
            name: name, location: .query, absent: false, schema: { _ in ["type": "boolean"] },
            expected: "true or false",
            parse: { ["true": true, "false": false][$0] }, documentedDefault: false)
    }
}
