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
        #expect(TypedProgression.parse("I vi V", choices: offered) == .failure(.unknown("vi")))
        #expect(TypedProgression.parse("1 6 5", choices: offered) == .failure(.unknown("6")))
        #expect(TypedProgression.parse("  ", choices: offered) == .failure(.empty))
        #expect(TypedProgression.parse("I iv V", choices: offered) == .failure(.unknown("iv")))
    }

    /// A figure as the feedback prints it, or in plain digits, names its numeral.
    @Test func aFiguredNumeralNamesItsNumeral() {
        #expect(
            TypedProgression.parse("I V6 vi IV64", choices: Self.major)
                == .success(Progression([.one, .five, .six, .four])))
        #expect(
            TypedProgression.parse("I⁶₄ V⁶₅ I", choices: Self.major)
                == .success(Progression([.one, .dominantSeventh, .one])))
        #expect(
            TypedProgression.parse("ii6 V43 V42 viio6", choices: Self.major)
                == .success(Progression([.two, .dominantSeventh, .dominantSeventh, .seven])))
        #expect(
            TypedProgression.parse("i iv6 V65 i", choices: Self.minor)
                == .success(Progression([.minorOne, .minorFour, .dominantSeventh, .minorOne])))
    }

    /// Only a figure the chord has: a triad has no seventh's figure (I⁶₅, ii⁴₂), and a figure is
    /// one an inversion has.
    @Test func aFigureTheChordCannotHaveIsRefused() {
        for line in ["I65 IV V", "ii42 V I", "I IV V66", "I IV V5"] {
            #expect(throws: TypedProgressionError.self, "\(line)") {
                try TypedProgression.parse(line, choices: Self.major).get()
            }
        }
    }
}
