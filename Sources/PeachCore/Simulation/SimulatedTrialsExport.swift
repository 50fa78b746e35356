/// The simulated chains of `peach simulate --export-trials` as CSV: every answer (one row a trial)
/// and the fixed fit and the tracker's reading of each run (one row a run), so that another estimator —
/// `Benchmarks/questplus_compare.py` runs questplus — can be judged on the very trials they saw. A
/// cell is told by its first five columns (listener shape, lapse rate, response bias, true threshold,
/// trials per run), a run by the sixth.
public enum SimulatedTrialsExport {
    public static let trialsHeader = "shape,lapse,bias,truth_cents,trials,run,trial,difference_cents,correct"
    public static let fitsHeader =
        "shape,lapse,bias,truth_cents,trials,run,threshold_cents,lower_cents,upper_cents,upper_open,"
        + "tracker_threshold_cents,tracker_lower_cents,tracker_upper_cents,tracker_upper_open"

    /// One row per answer of `run`, oldest first; the difference is unsigned, as the fit reads it.
    public static func trialRows(_ run: ThresholdSimulation.Run, number: Int, of listener: SimulatedListener)
        -> [String]
    {
        let cell = cellColumns(listener, trials: run.trials.count) + ",\(number)"
        return run.trials.enumerated().map { index, trial in
            cell + ",\(index + 1),\(trial.difference),\(trial.isCorrect ? 1 : 0)"
        }
    }

    /// The run's fixed fit and the tracker's reading `tracked` of the same answers (each 75 % correct
    /// and its 95 % interval); empty fields where one gave none.
    public static func fitRow(
        _ run: ThresholdSimulation.Run, tracked: ThresholdEstimate?, number: Int, of listener: SimulatedListener
    ) -> String {
        cellColumns(listener, trials: run.trials.count) + ",\(number)," + fields(run.estimate) + "," + fields(tracked)
    }

    private static func fields(_ estimate: ThresholdEstimate?) -> String {
        estimate.map {
            "\($0.threshold.rawValue),\($0.lower.rawValue),\($0.upper.rawValue),\($0.upperIsOpen ? 1 : 0)"
        } ?? ",,,"
    }

    private static func cellColumns(_ listener: SimulatedListener, trials: Int) -> String {
        "\(listener.shape),\(listener.lapseRate),\(listener.bias),\(listener.threshold.rawValue),\(trials)"
    }
}
