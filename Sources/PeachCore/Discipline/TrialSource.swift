/// Draws the next trial of every discipline, each kind its own way (`TrainingKind.draw`), from
/// where its chain stands and the settings as they are at that moment. Shared by the server and the
/// terminal, so both start and continue a chain the same way.
public actor TrialSource {
    private var chains: TrialChains
    private var generator: any RandomNumberGenerator & Sendable

    public init(
        chains: TrialChains = TrialChains(),
        generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.chains = chains
        self.generator = generator
    }

    public func next(_ discipline: Discipline, settings: TrainingSettings) -> Trial {
        Trial(next(discipline.trainingKind, discipline, settings: settings))
    }

    public func next<Kind: TrainingKind>(_ kind: Kind.Type, _ discipline: Discipline, settings: TrainingSettings)
        -> Kind.Trial
    {
        Self.draw(kind, discipline, settings: settings, chain: chains[kind], using: &generator)
    }

    // Opening the existential generator in a generic function of its own sidesteps a Swift 6.3
    // IRGen crash when it is opened directly in the actor method.
    private static func draw<Kind: TrainingKind>(
        _ kind: Kind.Type, _ discipline: Discipline, settings: TrainingSettings, chain: Kind.Chain,
        using generator: inout some RandomNumberGenerator
    ) -> Kind.Trial {
        Kind.draw(discipline, settings: settings, chain: chain, using: &generator)
    }

    /// Lets the chain of the answer's kind continue from it.
    public func didComplete(_ record: TrainingRecord) {
        didComplete(record.value)
    }

    public func didComplete<Record: KindRecord>(_ record: Record) {
        Record.Kind.advance(&chains[Record.Kind.self], after: record)
    }

    /// After the stored history changed wholesale (reset, import): continue from what is stored now.
    public func restart(chains: TrialChains) {
        self.chains = chains
    }

    /// The trials of one discipline, for a driver that plays them one after another.
    public nonisolated func feed<Kind: TrainingKind>(
        _ kind: Kind.Type, _ discipline: Discipline, settings: TrainingSettings
    ) -> TrialFeed<Kind> {
        TrialFeed(source: self, discipline: discipline, settings: settings)
    }
}

/// One discipline's trials one after another, and its chain moved on by each answer: what a
/// terminal driver plays (each kind's driver takes it as its own source).
public struct TrialFeed<Kind: TrainingKind>: Sendable {
    let source: TrialSource
    public let discipline: Discipline
    let settings: TrainingSettings

    public func next() async -> Kind.Trial {
        await source.next(Kind.self, discipline, settings: settings)
    }

    public func didComplete(_ record: Kind.Record) async {
        await source.didComplete(record)
    }
}

/// Where every kind's chain stands: what its next trial is drawn from.
public struct TrialChains: Sendable {
    private var chains: [Discipline.Kind: any Sendable] = [:]

    public init() {}

    public subscript<Kind: TrainingKind>(kind: Kind.Type) -> Kind.Chain {
        get { chains[Kind.id] as? Kind.Chain ?? Kind.freshChain }
        set { chains[Kind.id] = newValue }
    }

    /// Every kind's chain continued from the stored answers, as after a restart; a chain with no
    /// answer yet starts from what `profile` says.
    public static func resuming(from store: any TrainingDataStore, profile: ProfileParts) async throws(DataStoreError)
        -> TrialChains
    {
        var chains = TrialChains()
        for kind in TrainingKinds.all { try await chains.resume(kind, from: store, profile: profile) }
        return chains
    }

    private mutating func resume<Kind: TrainingKind>(
        _ kind: Kind.Type, from store: any TrainingDataStore, profile: ProfileParts
    ) async throws(DataStoreError) {
        self[kind] = try await Kind.resumeChain(from: store, profile: profile)
    }
}
