import Foundation

/// A kind answered by naming one of the few items its trial offers (a chord's quality, a note's
/// degree), the items coming on a Leitner schedule: the ones the user confuses come back sooner.
/// The schedule is rebuilt from the newest answers, and the profile counts what was named for
/// each item asked; a kind brings how it draws a trial and how it names items in its confusion
/// matrix.
public protocol NamingKind: ReplayedChainKind
where
    Chain == LeitnerSchedule<Answer>, ProfilePart == RecognitionProfile<Answer>, Trial: NamingTrial,
    Record: NamingRecord
{}

extension NamingKind {
    public typealias Chain = LeitnerSchedule<Answer>

    public static var freshChain: Chain { Chain() }

    /// Enough for every item to have climbed or fallen through all the boxes.
    public static var resumedAnswers: Int { 200 }

    public static func advance(_ chain: inout Chain, after record: Record) {
        chain.record(asked: record.asked, answered: record.answered)
    }

    /// Only an item the trial offered is an answer to it.
    public static func judge(_ trial: Trial, _ answer: Answer, at timestamp: Date) -> Record? {
        trial.choices.contains(answer) ? Record(trial, answer: answer, timestamp: timestamp) : nil
    }

    public static func feed(_ record: Record, into part: inout ProfilePart) {
        part.add(asked: record.asked, answered: record.answered, at: record.timestamp)
    }

    public static func sparkline(_ discipline: Discipline, in profile: ProfileParts, band: TempoBand?) -> Sparkline {
        profile[ProfilePart.self].sparkline
    }
}

/// A trial of a naming kind: the items it offers to name.
public protocol NamingTrial: KindTrial {
    var choices: [Kind.Answer] { get }
}

/// A naming kind's record: the item asked and the one named.
public protocol NamingRecord: JudgedRecord {
    init(_ trial: Kind.Trial, answer: Kind.Answer, timestamp: Date)
    var asked: Kind.Answer { get }
    var answered: Kind.Answer { get }
}
