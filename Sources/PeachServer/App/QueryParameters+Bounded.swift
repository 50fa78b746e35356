import Hummingbird

extension Parameters {
    /// An integer query parameter that must lie in `range`; absent means `default`.
    func boundedInt(_ name: String, in range: ClosedRange<Int>, default value: Int) throws -> Int {
        guard let text = self[name[...]] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw HTTPError(
                .badRequest,
                message: "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }
}
