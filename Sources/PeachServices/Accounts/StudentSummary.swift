import Foundation
import PeachCore

/// One row of a teacher's class table: the student and what their own Profile headline says, or
/// nil while those figures are being prepared (`ClassFigures`): a row says so rather than guess.
public struct StudentSummary: Hashable, Sendable {
    public let account: Account
    public let figures: StudentFigures?

    public init(_ account: Account, _ figures: StudentFigures?) {
        self.account = account
        self.figures = figures
    }

    public var isPrepared: Bool { figures != nil }
}
