/// A value that is one of a few names (a chord's triad, how degrees are labelled): the API document
/// lists exactly its cases, so a kind's own enumerations are documented from its folder.
public protocol APIChoices: CaseIterable, RawRepresentable where RawValue == String {}
