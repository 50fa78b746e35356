import Foundation

extension ThresholdTracker {
    /// The threshold at the last answer of each of `periods` (their answers counted, oldest first),
    /// read from every answer before and after it: the tracker's own walk, smoothed
    /// (forward–backward on the grid). Nothing for a period whose threshold it cannot place.
    ///
    /// A timeline keeps a period's answers counted, not in order, so they are spread evenly over the
    /// period's ⌈n / `chunkSize`⌉ chunks (at most `mostChunksPerPeriod`): each chunk weighs an equal
    /// share of the period's log likelihood, and the walk steps between chunks by the answers a
    /// chunk holds. Where the threshold holds still this is exact; where it moves within a period,
    /// the answers of the period after pull the reading at its last answer towards where it went.
    func smoothed(_ periods: [TrialCounts]) -> [ThresholdEstimate?] {
        guard periods.reduce(0, { $0 + $1.count }) >= ThresholdEstimator.minimumTrials else {
            return Array(repeating: nil, count: periods.count)
        }
        let rows = ThresholdEstimator.rowCount
        let slopes = ThresholdEstimator.slopes.count
        let columns = estimators.count * slopes
        let stretches = periods.map { counts in
            Stretch(counts: counts, logLikelihoods: estimators.map { $0.logLikelihoods(counts) }, step: changePerTrial)
        }
        // Which lapse rates and slopes explain the answers: each column's evidence, forward only.
        let evidence = (0..<columns).map { column in
            forward(stretches, lapse: column / slopes, slope: column % slopes, keep: false).evidence
        }
        let best = evidence.max()!
        guard best > -.infinity else { return Array(repeating: nil, count: periods.count) }
        let weights = evidence.map { exp($0 - best) }
        let totalWeight = weights.reduce(0, +)
        var posteriors = [[Double]](repeating: [Double](repeating: 0, count: rows), count: periods.count)
        for column in 0..<columns where weights[column] / totalWeight >= Self.negligible {
            let weight = weights[column] / totalWeight
            let filtered = forward(stretches, lapse: column / slopes, slope: column % slopes, keep: true)
            backward(stretches, filtered, lapse: column / slopes, slope: column % slopes) { period, first, posterior in
                for (index, value) in posterior.enumerated() { posteriors[period][first + index] += weight * value }
            }
        }
        return zip(periods, posteriors).map { counts, posterior in
            posterior.contains { $0 > 0 } ? Self.estimate(posterior, trials: counts.count) : nil
        }
    }

    /// A day of training, about 200 answers, is 20 chunks of the headline's size; a longer period (a
    /// week, a month, a sparkline's run of days) is cut into 20 larger ones. Its answers are spread
    /// evenly over it either way, so larger chunks only coarsen the walk's steps within it, and a
    /// period costs the same however many answers it holds.
    static let mostChunksPerPeriod = 20

    /// One period's answers as the passes weigh them.
    private struct Stretch {
        /// How many chunks its answers are spread over (none for a period without answers).
        let chunks: Int
        /// The walk's step before each of its chunks.
        let kernel: [Double]
        /// Its log likelihood per lapse rate, as `ThresholdEstimator.logLikelihoods` lays it out.
        let logLikelihoods: [[Double]]

        init(counts: TrialCounts, logLikelihoods: [[Double]], step: Double) {
            chunks = min(
                (counts.count + ThresholdTracker.chunkSize - 1) / ThresholdTracker.chunkSize,
                ThresholdTracker.mostChunksPerPeriod)
            let answersPerChunk = chunks > 0 ? Double(counts.count) / Double(chunks) : 0
            kernel = ThresholdTracker.kernel(variance: step * step * answersPerChunk)
            self.logLikelihoods = logLikelihoods
        }

        /// What one chunk's answers say of each threshold for a lapse rate and slope, scaled so that
        /// the best row is 1, and the log of that scale.
        func chunkLikelihood(lapse: Int, slope: Int) -> (values: [Double], shift: Double) {
            let slopes = ThresholdEstimator.slopes.count
            let column = logLikelihoods[lapse]
            let perChunk = (0..<ThresholdEstimator.rowCount).map { column[$0 * slopes + slope] / Double(chunks) }
            let shift = perChunk.max()!
            return (perChunk.map { exp($0 - shift) }, shift)
        }
    }

    /// A column's forward pass: its filtered belief after each chunk, over the rows it leaves
    /// possible (kept only when asked for), and the log evidence of every answer.
    private struct Pass {
        var firsts: [Int] = []
        var beliefs: [[Double]] = []
        /// Per chunk, the period it belongs to.
        var periods: [Int] = []
        var evidence = 0.0
    }

    private func forward(_ stretches: [Stretch], lapse: Int, slope: Int, keep: Bool) -> Pass {
        let rows = ThresholdEstimator.rowCount
        var belief = [Double](repeating: 1 / Double(rows), count: rows)
        var possible = 0..<rows
        var pass = Pass()
        for (period, stretch) in stretches.enumerated() where stretch.chunks > 0 {
            let likelihood = stretch.chunkLikelihood(lapse: lapse, slope: slope)
            let reach = stretch.kernel.count / 2
            for _ in 0..<stretch.chunks {
                if !pass.periods.isEmpty {
                    belief = Self.diffuse(belief, stretch.kernel)
                    possible = max(0, possible.lowerBound - reach)..<min(rows, possible.upperBound + reach)
                }
                var total = 0.0
                for row in possible {
                    belief[row] *= likelihood.values[row]
                    total += belief[row]
                }
                guard total > 0 else { return Pass(evidence: -.infinity) }
                pass.evidence += log(total) + likelihood.shift
                var most = 0.0
                for row in possible {
                    belief[row] /= total
                    most = max(most, belief[row])
                }
                let cut = most * Self.negligible
                for row in possible where belief[row] < cut { belief[row] = 0 }
                let first = possible.first { belief[$0] > 0 }!
                let last = possible.last { belief[$0] > 0 }!
                possible = first..<(last + 1)
                pass.periods.append(period)
                if keep {
                    pass.firsts.append(first)
                    pass.beliefs.append(Array(belief[possible]))
                }
            }
        }
        return pass
    }

    /// A column's backward pass: hands `body` each period's smoothed posterior at its last chunk
    /// (normalised, from row `first` on), newest first. What the answers after a chunk say of its
    /// threshold is carried back chunk by chunk through the same steps (the walk's step is
    /// symmetric), over the rows the forward pass left possible: a row it ruled out from the answers
    /// before stays out, as it does in the headline.
    private func backward(
        _ stretches: [Stretch], _ pass: Pass, lapse: Int, slope: Int, _ body: (Int, Int, [Double]) -> Void
    ) {
        let chunks = pass.periods.count
        guard chunks > 0 else { return }
        // Each period is read at its last chunk; one without answers at the chunk before it (or the first).
        var reading = [[Int]](repeating: [], count: chunks)
        var chunk = 0
        for period in stretches.indices {
            while chunk + 1 < chunks, pass.periods[chunk + 1] <= period { chunk += 1 }
            reading[chunk].append(period)
        }
        var likelihoodPeriod = pass.periods[chunks - 1]
        var likelihood = stretches[likelihoodPeriod].chunkLikelihood(lapse: lapse, slope: slope)
        var after = [Double](repeating: 1, count: pass.beliefs[chunks - 1].count)
        for chunk in stride(from: chunks - 1, through: 0, by: -1) {
            if !reading[chunk].isEmpty {
                var posterior = zip(pass.beliefs[chunk], after).map { $0 * $1 }
                let total = posterior.reduce(0, +)
                for index in posterior.indices { posterior[index] /= total }
                for period in reading[chunk] { body(period, pass.firsts[chunk], posterior) }
            }
            guard chunk > 0 else { break }
            // From this chunk's rows back to the rows of the chunk before.
            let stretch = stretches[pass.periods[chunk]]
            if pass.periods[chunk] != likelihoodPeriod {
                likelihoodPeriod = pass.periods[chunk]
                likelihood = stretch.chunkLikelihood(lapse: lapse, slope: slope)
            }
            let reach = stretch.kernel.count / 2
            let first = pass.firsts[chunk]
            let carried = after.indices.map { likelihood.values[first + $0] * after[$0] }
            let earlier = pass.firsts[chunk - 1]
            var previous = [Double](repeating: 0, count: pass.beliefs[chunk - 1].count)
            for index in previous.indices {
                let row = earlier + index
                var sum = 0.0
                let low = max(first, row - reach)
                let high = min(first + carried.count - 1, row + reach)
                if low <= high {
                    for to in low...high { sum += stretch.kernel[to - row + reach] * carried[to - first] }
                }
                previous[index] = sum
            }
            let scale = previous.max()!
            after = scale > 0 ? previous.map { $0 / scale } : previous
        }
    }
}
