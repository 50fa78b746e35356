/// The simulated chains of `peach simulate --export-trials` as CSV: every answer (one row a trial)
/// and the fit of each run (one row a run), so that another estimator — `Benchmarks/questplus_compare.py`
/// runs questplus — can be judged on the very trials the fit saw. A cell is told by its first four
/// columns (listener shape, lapse rate, true threshold, trials per run), a run by the fifth.
public enum SimulatedTrialsExport {
    public static let trialsHeader = "shape,lapse,truth_cents,trials,run,trial,difference_cents,correct"
    public static let fitsHeader =
        "shape,lapse,truth_cents,trials,run,threshold_cents,lower_cents,upper_cents,upper_open"

    /// One row per answer of `run`, oldest first; the difference is unsigned, as the fit reads it.
    public static func trialRows(_ run: ThresholdSimulation.Run, number: Int, of listener: SimulatedListener)
        -> [String]
    {
        let cell = cellColumns(listener, trials: run.trials.count) + ",\(number)"
        return run.trials.enumerated().map { index, trial in
            cell + ",\(index + 1),\(trial.difference),\(trial.isCorrect ? 1 : 0)"
        }
    }

    /// The run's fit (75 % correct, its 95 % interval); empty fields when the fit gave none.
    public static func fitRow(_ run: ThresholdSimulation.Run, number: Int, of listener: SimulatedListener) -> String {
        let fit =
            run.estimate.map {
                "\($0.threshold.rawValue),\($0.lower.rawValue),\($0.upper.rawValue),\($0.upperIsOpen ? 1 : 0)"
            } ?? ",,,"
        return cellColumns(listener, trials: run.trials.count) + ",\(number)," + fit
    }

    private static func cellColumns(_ listener: SimulatedListener, trials: Int) -> String {
        "\(listener.shape),\(listener.lapseRate),\(listener.threshold.rawValue),\(trials)"
    }
}
