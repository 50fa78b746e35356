"""Pitch and level measurements of rendered notes, shared by the instrument tests and
scripts/calibrate_sounds.py (which makes the calibration table from them)."""
import numpy as np
from scipy.interpolate import CubicSpline
from scipy.optimize import minimize_scalar

RATE = 48_000


def read_wav(path):
    """The samples of a mono 32-bit float WAV as Peach writes it."""
    data = open(path, "rb").read()
    start = data.index(b"data") + 8
    return np.frombuffer(data[start:], dtype=np.float32).astype(np.float64)


def mean_frequency(samples, nominal, start=0.5, end=2.5, rate=RATE):
    """The mean fundamental over [start, end) s. Where the fundamental itself is more than 20 dB
    under the strongest of the first three partials (low piano notes), the strongest partial's
    frequency divided by its number stands in for it."""
    strengths = [_partial(samples, h * nominal, nominal, start, end, rate)[1] for h in (1, 2, 3)]
    harmonic = 1 if strengths[0] * 10 > max(strengths) else 1 + int(np.argmax(strengths))
    return _partial(samples, harmonic * nominal, nominal, start, end, rate)[0] / harmonic


def _partial(samples, frequency, nominal, start, end, rate):
    """The mean frequency of the partial near `frequency` (the slope of its unwrapped phase, read
    every two periods of `nominal` through an 8-period Blackman-Harris window) and its mean
    magnitude. A vibrato averages out; only the mean over the whole span counts."""
    window_length = int(round(8 * rate / nominal))
    hop = max(1, int(round(2 * rate / nominal)))
    n = np.arange(window_length)
    a = [0.35875, 0.48829, 0.14128, 0.01168]
    window = a[0] - a[1] * np.cos(2 * np.pi * n / window_length) + a[2] * np.cos(4 * np.pi * n / window_length) - a[3] * np.cos(6 * np.pi * n / window_length)
    times, phases, magnitudes = [], [], []
    for begin in range(int(start * rate), int(end * rate) - window_length, hop):
        t = begin + n
        coefficient = np.sum(samples[t] * window * np.exp(-2j * np.pi * frequency * t / rate))
        times.append((begin + window_length / 2) / rate)
        phases.append(np.angle(coefficient))
        magnitudes.append(abs(coefficient))
    phases = np.unwrap(phases)
    slope = np.polyfit(times, phases, 1)[0]
    return frequency + slope / (2 * np.pi), float(np.mean(magnitudes))


def cents(frequency, reference):
    return 1200 * np.log2(frequency / reference)


def rms_db(samples, start=0.05, end=0.3, rate=RATE):
    """The RMS just after the attack, in dB full scale: what level matching equalises. Early, because
    a piano's sustain is its decay: high notes lose 20 dB within half a second, and matching them
    later would blow their attack up far beyond full scale."""
    part = samples[int(start * rate):int(end * rate)]
    return 20 * np.log10(np.sqrt(np.mean(part ** 2)))


def resampling_cents(note1, note2, guess, start=0.5, end=2.5, rate=RATE, span=0.5):
    """By how many cents note 2 is note 1 played faster: the ratio at which a resampled copy of
    note 1 (cubic spline, scaled to fit) leaves the least residual against note 2 over the sustain."""
    spline = CubicSpline(np.arange(len(note1)), note1)
    index = np.arange(int(start * rate), int(end * rate))
    target = note2[index]

    def residual(c):
        copy = spline(index * 2 ** (c / 1200))
        gain = np.dot(copy, target) / np.dot(copy, copy)
        return np.sum((target - gain * copy) ** 2)

    grid = np.linspace(guess - span, guess + span, 41)
    best = grid[np.argmin([residual(c) for c in grid])]
    step = grid[1] - grid[0]
    return minimize_scalar(residual, bounds=(best - step, best + step), method="bounded", options={"xatol": 1e-6}).x
