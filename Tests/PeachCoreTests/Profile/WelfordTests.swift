import Testing

@testable import PeachCore

struct WelfordTests {
    @Test func nothingAddedMeansNothingNotZero() {
        let empty = Welford()
        #expect(empty.count == 0)
        #expect(empty.mean == nil)
        #expect(empty.standardDeviation == nil)
    }

    @Test func oneValueHasNoSpread() {
        let one = Welford([7.5])
        #expect(one.mean == 7.5)
        #expect(one.standardDeviation == 0)
    }

    @Test func meanAndSampleStandardDeviationMatchTheTwoPassFormulas() {
        let values = [2.0, 4, 4, 4, 5, 5, 7, 9]
        let welford = Welford(values)
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)
        #expect(welford.count == 8)
        #expect(abs(welford.mean! - 5) < 1e-12)
        #expect(abs(welford.standardDeviation! - variance.squareRoot()) < 1e-12)
    }

    @Test func staysAccurateForLargeValuesWithSmallSpread() {
        // The naive sum-of-squares formula loses every digit here; Welford keeps them.
        let welford = Welford((0..<1000).map { 1e9 + Double($0 % 2) })
        #expect(abs(welford.standardDeviation! - 0.50025) < 1e-4)
    }
}
