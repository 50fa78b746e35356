/// A session's rules as a pure reducer: each event moves the state and returns the effects for a
/// driver to perform: each transition is a unit test without mocks.
public protocol SessionReducer: Sendable {
    associatedtype Event: Sendable
    associatedtype Effect: Sendable

    /// Ends the running trial, whatever state it is in.
    static var stopEvent: Event { get }

    mutating func handle(_ event: Event) -> [Effect]
}
