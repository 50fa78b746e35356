import Testing

@testable import PeachCore

struct MelodyLengthTests {
    @Test func threeRightInARowAddANoteAndAMissTakesOneAway() {
        var chain = MelodyLength()
        #expect(chain.next(within: 2...8) == 2)
        chain = chain.after(played: 4, allCorrect: true).after(played: 4, allCorrect: true)
        #expect(chain.next(within: 2...8) == 4 && chain.streak == 2)
        chain = chain.after(played: 4, allCorrect: true)
        #expect(chain.next(within: 2...8) == 5 && chain.streak == 0)
        chain = chain.after(played: 5, allCorrect: false)
        #expect(chain.next(within: 2...8) == 4 && chain.streak == 0)
    }

    @Test func aMissBreaksTheStreak() {
        let chain = MelodyLength().after(played: 3, allCorrect: true).after(played: 3, allCorrect: true)
            .after(played: 3, allCorrect: false).after(played: 2, allCorrect: true)
        #expect(chain.length == 2 && chain.streak == 1)
    }

    @Test func lengthsStayFromTwoToEightAndWithinTheSettings() {
        var chain = MelodyLength()
        for _ in 0..<3 { chain = chain.after(played: 8, allCorrect: true) }
        #expect(chain.length == 8)
        #expect(MelodyLength().after(played: 2, allCorrect: false).length == 2)
        #expect(chain.next(within: 3...5) == 5)
        #expect(MelodyLength(length: 2).next(within: 4...4) == 4)
    }
}
