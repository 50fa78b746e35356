import Foundation
import PeachCore

/// One row of a teacher's class table: the student and what their own Profile headline says. While
/// those figures are being prepared (`ClassFigures`) the row says so: it holds the figures of the
/// student's last fit, if this process made one (a student who answered since the last view), and
/// nil after an upgrade or a bulk load: a row never guesses.
public struct StudentSummary: Hashable, Sendable {
    public let account: Account
    public let figures: StudentFigures?
    /// The figures are the student's current ones.
    public let isPrepared: Bool

    /// `figures` are current unless `isPrepared` says otherwise; nil figures are never prepared.
    public init(_ account: Account, _ figures: StudentFigures?, isPrepared: Bool = true) {
        self.account = account
        self.figures = figures
        self.isPrepared = isPrepared && figures != nil
    }
}
