import PeachCore

/// A kind's feed of trials, each announced as it is drawn, before it plays: a command's line for what
/// the trial asks (its key, how many notes or chords to answer, what to answer with).
struct AnnouncedTrials<Kind: TrainingKind>: TrialSupplying {
    let feed: TrialFeed<Kind>
    let announcement: @Sendable (Kind.Trial) -> String

    func next() async -> Kind.Trial {
        let trial = await feed.next()
        Output.line(announcement(trial))
        return trial
    }

    func didComplete(_ record: Kind.Record) async { await feed.didComplete(record) }
}
