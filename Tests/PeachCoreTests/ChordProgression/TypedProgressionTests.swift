import Testing

@testable import PeachCore

struct TypedProgressionTests {
    static let major = RomanNumeral.offered(in: .major)
    static let minor = RomanNumeral.offered(in: .minor)

    @Test func numeralsAndKeysNameTheSameChords() {
        #expect(
            TypedProgression.parse("I IV V I", choices: Self.major)
                == .success(Progression([.one, .four, .five, .one])))
        #expect(
            TypedProgression.parse("1 4 5 1", choices: Self.major) == .success(Progression([.one, .four, .five, .one])))
        #expect(
            TypedProgression.parse("ii-V7-I", choices: Self.major)
                == .success(Progression([.two, .dominantSeventh, .one])))
        #expect(
            TypedProgression.parse("2 8 1", choices: Self.major)
                == .success(Progression([.two, .dominantSeventh, .one])))
        #expect(
            TypedProgression.parse("viio vii° 7", choices: Self.major)
                == .success(Progression([.seven, .seven, .seven])))
    }

    @Test func aMinorKeysStepsAreItsOwnChords() {
        #expect(
            TypedProgression.parse("1 3 6 7 2", choices: Self.minor)
                == .success(Progression([.minorOne, .flatThree, .flatSix, .flatSeven, .minorTwo])))
        #expect(
            TypedProgression.parse("i iio V i", choices: Self.minor)
                == .success(Progression([.minorOne, .minorTwo, .five, .minorOne])))
    }

    @Test func aNumeralTheTrialDoesNotOfferIsRefused() {
        let offered: [RomanNumeral] = [.one, .four, .five]
        #expect(throws: TypedProgressionError.self) { try TypedProgression.parse("I vi V", choices: offered).get() }
        #expect(throws: TypedProgressionError.self) { try TypedProgression.parse("1 6 5", choices: offered).get() }
        #expect(throws: TypedProgressionError.self) { try TypedProgression.parse("  ", choices: offered).get() }
        #expect(throws: TypedProgressionError.self) { try TypedProgression.parse("I iv V", choices: offered).get() }
    }
}
