"""Issues 33 and 49: the fit's and the tracker's 95 % intervals beside questplus's, on the very same
simulated trials.

`peach simulate --export-trials DIR` writes every answer of its Kazez chains (trials.csv) and, per
run, the fixed fit and the tracker's reading (fits.csv: the Profile's headline since issue 49); this
script builds questplus's posterior on each run's answers, reads off the threshold's 95 % credible
interval, and prints per cell (listener shape × lapse × bias × true threshold × trials) each
estimator's median estimate ÷ truth, coverage of the truth and median upper ÷ lower, and the
quotients fit ÷ questplus and tracker ÷ questplus.

questplus's model, as close as its functions allow to the fit's (ThresholdEstimator):
  * its Weibull on the difference in cents (stim_scale "linear"), P = 1 − δ − (1 − γ − δ)·exp(−(Δ/α)^β):
    near chance it rises like Δ^β, as the fit's λ/2 + (1 − λ)Φ(z(Δ/T)^k) rises like Δ^k, so β and k
    are the same slope; questplus has no power-of-Φ function (its norm_cdf is a shifted Φ of Δ,
    which is not at chance at Δ = 0);
  * γ = 0.5 (two choices); δ = 0.01 fixed, questplus's lapse being 1 − the upper asymptote, which the
    fit's λ = 0.02 puts at 0.99; "lapse weighed": δ ∈ {0.01, 0.05, 0.1}, flat, as the tracker weighs
    λ ∈ {2, 10, 20 %} (the tracker is compared with this one);
  * α on the fit's own lattice (4 % apart in log, 0.02–2400 ¢), β on the fit's 9 slopes (0.6–4.5,
    evenly in log), both flat: flat in log α and log β, as the fit is in log T and log k;
  * "slope 3.5": the same with β fixed at questplus's default 3.5, the usual QUEST assumption.
Both estimators' thresholds are read at 75 % correct: each (α, β) of the grid is converted to the Δ
where the Weibull gives 75 %, α·(−ln(1 − 0.25/(0.5 − δ)))^(1/β), and the posterior over those is
summarised on the fit's lattice as the fit does: the median, the shortest 95 % interval in log
threshold (the fit's kind) and the central one (2.5–97.5 %).

Usage (needs the questplus package: `bash scripts/bench.sh questplus` makes a venv for it):
    PEACH_BIN=.build/debug/peach python Benchmarks/questplus_compare.py --runs 100 --threshold 30 \
        --lapse 0.02 0.15 --bias 0 0.2
    python Benchmarks/questplus_compare.py --from DIR     # trials exported before
"""
import argparse
import collections
import csv
import math
import multiprocessing
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np
import questplus

STEP = 0.04  # TrialCounts.step: the fit's lattice in natural-log cents
LOWEST = math.floor(math.log(0.02) / STEP)
HIGHEST = math.ceil(math.log(2400.0) / STEP)
LATTICE = np.exp(np.arange(LOWEST, HIGHEST + 1) * STEP)
FIT_SLOPES = np.exp(np.log(0.6) + (np.log(4.5) - np.log(0.6)) * np.arange(9) / 8)
LAPSE = 0.01
# name: (slopes, lapse rates δ), each flat.
CONFIGS = {"matched": (FIT_SLOPES, np.array([LAPSE])), "slope 3.5": (np.array([3.5]), np.array([LAPSE])),
           "lapse weighed": (FIT_SLOPES, np.array([0.01, 0.05, 0.1]))}


def cell_of(row):
    return row["shape"], float(row["lapse"]), float(row["bias"]), float(row["truth_cents"]), int(row["trials"])


def read_cells(directory):
    """{cell: {run: [(difference, correct)]}} and {cell: {run: fit row}}, cells in file order."""
    trials = collections.OrderedDict()
    with open(directory / "trials.csv", newline="") as file:
        for row in csv.DictReader(file):
            cell = cell_of(row)
            trials.setdefault(cell, {}).setdefault(int(row["run"]), []).append(
                (float(row["difference_cents"]), row["correct"] == "1"))
    fits = {}
    with open(directory / "fits.csv", newline="") as file:
        for row in csv.DictReader(file):
            cell = cell_of(row)
            fits.setdefault(cell, {})[int(row["run"])] = row
    return trials, fits


def quantile_function(mass):
    """As ThresholdEstimator.quantiles: each lattice cell's mass spread evenly over the cell."""
    cumulative = np.concatenate([[0.0], np.cumsum(mass / mass.sum())])

    def quantile(q):
        cell = int(np.clip(np.searchsorted(cumulative, q, side="left") - 1, 0, len(mass) - 1))
        width = cumulative[cell + 1] - cumulative[cell]
        within = (q - cumulative[cell]) / width if width > 0 else 0.5
        return math.exp((LOWEST + cell - 0.5 + min(max(within, 0), 1)) * STEP)

    return quantile


def summarise(mass):
    """Median, shortest 95 % (in log threshold, as the fit's) and central 95 % of a lattice mass."""
    quantile = quantile_function(mass)
    shortest = min(((quantile(q), quantile(min(q + 0.95, 1))) for q in np.linspace(0, 0.05, 201)),
                   key=lambda interval: interval[1] / interval[0])
    return quantile(0.5), shortest, (quantile(0.025), quantile(0.975))


def questplus_posterior(answers, slopes, lapses, replay):
    """questplus's joint posterior over (α, β) after one run's answers. questplus's `update` multiplies
    the posterior by the likelihood of one answer and normalises, an xarray step per answer (~1 ms);
    the same product is taken here at once, in logs, from questplus's own likelihood table — unless
    `replay`, which feeds every answer through `update` (the script checks the two agree)."""
    differences = np.unique([difference for difference, _ in answers])
    qp = questplus.QuestPlus(
        stim_domain={"intensity": differences},
        param_domain={"threshold": LATTICE, "slope": slopes, "lower_asymptote": 0.5, "lapse_rate": lapses},
        outcome_domain={"response": ["Correct", "Incorrect"]},
        func="weibull", stim_scale="linear")
    if replay:
        for difference, correct in answers:
            qp.update(stim={"intensity": difference}, outcome={"response": "Correct" if correct else "Incorrect"})
        posterior = qp.posterior
    else:
        table = qp.likelihoods.transpose("intensity", "response", *qp.prior.dims)
        counts = np.zeros((len(differences), 2))
        for difference, correct in answers:
            counts[np.searchsorted(differences, difference), 0 if correct else 1] += 1
        # questplus's response order is its outcome domain's: Correct, Incorrect.
        log_posterior = np.log(qp.prior.values) + np.tensordot(counts, np.log(table.values), axes=([0, 1], [0, 1]))
        log_posterior -= log_posterior.max()
        posterior = qp.prior.copy(data=np.exp(log_posterior) / np.exp(log_posterior).sum())
    return posterior.sum(dim=["lower_asymptote"]).transpose("threshold", "slope", "lapse_rate").values


def questplus_run(answers, replay=False):
    """questplus's (median, shortest 95 %, central 95 %) at 75 % correct, per configuration."""
    results = {}
    for name, (slopes, lapses) in CONFIGS.items():
        joint = questplus_posterior(answers, slopes, lapses, replay)
        # Δ at 75 %: α · c^(1/β), c = −ln(1 − 0.25/(0.5 − δ)); gathered on the fit's lattice by the
        # nearest lattice point.
        c = -np.log(1 - 0.25 / (0.5 - lapses))
        at75 = np.log(LATTICE)[:, None, None] + np.log(c)[None, None, :] / slopes[None, :, None]
        cells = np.clip(np.rint(at75 / STEP).astype(int) - LOWEST, 0, len(LATTICE) - 1)
        mass = np.bincount(cells.ravel(), weights=joint.ravel(), minlength=len(LATTICE))
        results[name] = summarise(mass)
    return results


def ours(row, prefix=""):
    """(estimate, lower, upper) of the fit's row (prefix "tracker_": the tracker's), upper infinite when
    open; None without one."""
    if not row[prefix + "threshold_cents"]:
        return None
    upper = math.inf if row[prefix + "upper_open"] == "1" else float(row[prefix + "upper_cents"])
    return float(row[prefix + "threshold_cents"]), float(row[prefix + "lower_cents"]), upper


def median(values):
    return float(np.median(values)) if values else math.nan


def column(estimates, truth):
    """Median estimate ÷ truth, coverage, median upper ÷ lower (no estimate: infinitely wide)."""
    made = [e for e in estimates if e is not None]
    covers = sum(1 for _, lower, upper in made if lower <= truth <= upper) / len(estimates)
    ratios = [e[2] / e[1] if e is not None else math.inf for e in estimates]
    return median([estimate / truth for estimate, _, _ in made]), covers, median(ratios)


def cell_runs(item):
    cell, runs = item
    results = {run: questplus_run(answers) for run, answers in runs.items()}
    # The shortcut is questplus's own update, answer by answer, to rounding: checked on each cell's first run.
    first = min(runs)
    replayed = questplus_run(runs[first], replay=True)
    for name in CONFIGS:
        assert np.allclose(np.array([replayed[name][0], *replayed[name][1], *replayed[name][2]]),
                           np.array([results[first][name][0], *results[first][name][1], *results[first][name][2]]),
                           rtol=1e-6), (cell, name, replayed[name], results[first][name])
    return cell, results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--threshold", nargs="+", default=["30"])
    parser.add_argument("--trials", nargs="+", default=["200", "400"])
    parser.add_argument("--shape", nargs="+", default=None)
    parser.add_argument("--lapse", nargs="+", default=None)
    parser.add_argument("--bias", nargs="+", default=None)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--from", dest="source", type=pathlib.Path, help="a directory peach simulate --export-trials wrote")
    parser.add_argument("--processes", type=int, default=2)
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="peach-questplus-") as scratch:
        directory = arguments.source
        if directory is None:
            directory = pathlib.Path(scratch)
            command = [os.environ["PEACH_BIN"], "simulate", "--runs", str(arguments.runs), "--seed", arguments.seed,
                       "--threshold", *arguments.threshold, "--trials", *arguments.trials, "--export-trials", str(directory)]
            for option in ("shape", "lapse", "bias"):
                if getattr(arguments, option):
                    command += [f"--{option}", *getattr(arguments, option)]
            print("$ " + " ".join(command[1:]).replace(str(directory), "DIR"), flush=True)
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        trials, fits = read_cells(directory)

    began = time.perf_counter()
    with multiprocessing.Pool(arguments.processes) as pool:
        questplus_by_cell = dict(pool.map(cell_runs, list(trials.items())))
    seconds = time.perf_counter() - began

    print(f"questplus {questplus.__version__}: Weibull on Δ, γ = 0.5, δ = {LAPSE} (or weighed), α on the fit's "
          f"lattice (0.02–2400 ¢, 4 % apart, flat in log), β: 'matched' = the fit's 9 slopes 0.6–4.5 (flat in log), "
          f"'slope 3.5' = fixed; 'qpλ' = matched with δ 0.01/0.05/0.1 weighed; every threshold at 75 % correct; "
          f"ratios are upper ÷ lower of the 95 % interval (shortest in log, as ours, unless 'central')")
    header = ["listener", "lapse", "bias", "truth ¢", "trials", "runs",
              "fit est/truth", "fit covers", "fit ratio",
              "qp est/truth", "qp covers", "qp ratio", "fit÷qp",
              "qp central ratio", "qp3.5 ratio",
              "trk est/truth", "trk covers", "trk ratio",
              "qpλ est/truth", "qpλ covers", "qpλ ratio", "trk÷qpλ", "trk÷qp"]
    print("  ".join(f"{h:<12}" for h in header))
    quotients = collections.defaultdict(list)
    for cell, runs in trials.items():
        shape, lapse, bias, truth, count = cell
        numbers = sorted(runs)
        fit = column([ours(fits[cell][run]) for run in numbers], truth)
        tracker = column([ours(fits[cell][run], "tracker_") for run in numbers], truth)
        qp = questplus_by_cell[cell]

        def config(name, interval=1):
            return column([(qp[run][name][0], *qp[run][name][interval]) for run in numbers], truth)

        matched, central, fixed, weighed = config("matched"), config("matched", 2), config("slope 3.5"), config(
            "lapse weighed")
        quotient, tracked, tracked_matched = fit[2] / matched[2], tracker[2] / weighed[2], tracker[2] / matched[2]
        for key in ((truth, count), (truth, count, shape)):
            quotients[("fit ÷ questplus (matched)",) + key].append(quotient)
            quotients[("tracker ÷ questplus (lapse weighed)",) + key].append(tracked)
            quotients[("tracker ÷ questplus (matched)",) + key].append(tracked_matched)
        values = [shape, f"{lapse:.2f}", f"{bias:.2f}", f"{truth:g}", str(count), str(len(numbers)),
                  f"{fit[0]:.3f}", f"{fit[1] * 100:.1f} %", f"{fit[2]:.2f}",
                  f"{matched[0]:.3f}", f"{matched[1] * 100:.1f} %", f"{matched[2]:.2f}", f"{quotient:.2f}",
                  f"{central[2]:.2f}", f"{fixed[2]:.2f}",
                  f"{tracker[0]:.3f}", f"{tracker[1] * 100:.1f} %", f"{tracker[2]:.2f}",
                  f"{weighed[0]:.3f}", f"{weighed[1] * 100:.1f} %", f"{weighed[2]:.2f}", f"{tracked:.2f}",
                  f"{tracked_matched:.2f}"]
        print("  ".join(f"{v:<12}" for v in values), flush=True)
    for key, values in sorted(quotients.items(), key=lambda item: (item[0][0], item[0][1], item[0][2], len(item[0]))):
        name, truth, count, *shape = key
        print(f"{truth:g} ¢, {count} trials{', ' + shape[0] if shape else ''}: {name}, median over "
              f"{len(values)} cells {median(values):.2f} (range {min(values):.2f}–{max(values):.2f})")
    print(f"questplus time: {seconds:.0f} s for {sum(len(r) for r in trials.values())} runs on {arguments.processes} processes")


if __name__ == "__main__":
    sys.exit(main())
