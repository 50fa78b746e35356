/// Trials handed to a client and not yet answered. Remembers recently answered ids so a repeated
/// answer can be told apart from an id that was never issued (409 versus 404 in the API).
public struct PendingTrials<Trial: Sendable>: Sendable {
    public enum Lookup: Equatable {
        case pending
        case alreadyAnswered
        case unknown
    }

    /// Bounds memory when clients abandon trials (every page reload abandons one).
    public let capacity: Int
    private var pending: [String: Trial] = [:]
    private var pendingOrder: [String] = []
    private var answered: Set<String> = []
    private var answeredOrder: [String] = []

    public init(capacity: Int = 1024) { self.capacity = capacity }

    /// `id` comes from the caller (the server's `makeID`), so that tests can fix it.
    public mutating func issue(_ trial: Trial, id: String) {
        pending[id] = trial
        pendingOrder.append(id)
        if pendingOrder.count > capacity {
            pending[pendingOrder.removeFirst()] = nil
        }
    }

    public func lookup(_ id: String) -> Lookup {
        if pending[id] != nil { return .pending }
        return answered.contains(id) ? .alreadyAnswered : .unknown
    }

    public func trial(_ id: String) -> Trial? { pending[id] }

    /// Marks the trial answered; call only once its outcome is safely stored.
    public mutating func resolve(_ id: String) {
        guard pending.removeValue(forKey: id) != nil else { return }
        pendingOrder.removeAll { $0 == id }
        answered.insert(id)
        answeredOrder.append(id)
        if answeredOrder.count > capacity {
            answered.remove(answeredOrder.removeFirst())
        }
    }

    /// Forgets a trial that was never handed out (the store refused to keep it): its id is unknown again.
    public mutating func withdraw(_ id: String) {
        guard pending.removeValue(forKey: id) != nil else { return }
        pendingOrder.removeAll { $0 == id }
    }

    /// Puts a trial back after its outcome could not be stored, so the client may retry.
    public mutating func reopen(_ trial: Trial, id: String) {
        answered.remove(id)
        answeredOrder.removeAll { $0 == id }
        pending[id] = trial
        pendingOrder.append(id)
    }
}
