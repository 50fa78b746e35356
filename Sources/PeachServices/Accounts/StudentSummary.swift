import Foundation
import PeachCore

/// One row of a teacher's class table: the student and what their own Profile headline says.
public struct StudentSummary: Hashable, Sendable {
    public let account: Account
    public let figures: StudentFigures

    public init(_ account: Account, _ figures: StudentFigures) {
        self.account = account
        self.figures = figures
    }
}
