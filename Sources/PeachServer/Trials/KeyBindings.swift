import PeachCore

/// The trial and answer each recent Idempotency-Key was saved with: a retry sends them again, so a
/// key that arrives with others is reused, not retried. At most `capacity` keys, the oldest
/// forgotten first, as `PendingTrials` forgets answered ids.
struct KeyBindings {
    struct Binding: Equatable {
        let trial: String
        let answer: TrialAnswer
    }

    let capacity: Int
    private var bindings: [AnswerKey: Binding] = [:]
    private var order: [AnswerKey] = []

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    subscript(key: AnswerKey) -> Binding? {
        get { bindings[key] }
        set {
            guard let newValue else { return }
            if bindings.updateValue(newValue, forKey: key) == nil { order.append(key) }
            if order.count > capacity { bindings[order.removeFirst()] = nil }
        }
    }
}
