"""A real ALSA PCM that writes what it is given to a file: the `file` plugin on top of `null`. A test
points ALSA_CONFIG_PATH at its own configuration, so no sound card and no user setup is involved."""
import os
import pathlib

import numpy as np

SAMPLE_RATE = 48000
DEVICE = "peach_e2e"


class FileSink:
    def __init__(self, directory):
        directory = pathlib.Path(directory)
        self.path = directory / "alsa-output.raw"
        self.config = directory / "asoundrc"
        self.config.write_text(
            f'pcm.{DEVICE} {{\n  type file\n  slave.pcm "null"\n  file "{self.path}"\n  format "raw"\n}}\n')

    @property
    def env(self):
        # The system configuration first (it defines `null`), then ours.
        return {**os.environ, "ALSA_CONFIG_PATH": f"/usr/share/alsa/alsa.conf:{self.config}"}

    def samples(self):
        """The stream as written: mono 32-bit float (peach asks the device for FLOAT_LE)."""
        return np.fromfile(self.path, dtype="<f4").astype(np.float64)


def blackman_harris(length):
    x = 2 * np.pi * np.arange(length) / (length - 1)
    return 0.35875 - 0.48829 * np.cos(x) + 0.14128 * np.cos(2 * x) - 0.01168 * np.cos(3 * x)


def frequency(samples, nominal, first, second, length, rate=SAMPLE_RATE):
    """The phase advance between two windowed stretches, demodulated at `nominal`."""
    window = blackman_harris(length)

    def demodulate(start):
        n = np.arange(start, start + length)
        return np.sum(samples[start:start + length] * window * np.exp(-2j * np.pi * nominal * n / rate))

    turn = np.angle(demodulate(second) * np.conj(demodulate(first)))
    return nominal + turn / (2 * np.pi * (second - first) / rate)


def cents(measured, expected):
    return 1200 * np.log2(measured / expected)


def sounding_spans(samples, gap=240):
    """(start, end) of each stretch of non-zero samples, merging silences shorter than `gap`."""
    loud = np.flatnonzero(samples != 0)
    if loud.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(loud) > gap)
    starts = np.concatenate([[loud[0]], loud[breaks + 1]])
    ends = np.concatenate([loud[breaks], [loud[-1]]]) + 1
    return list(zip(starts, ends))


def splatter_db(note, frequency_hz, rate=SAMPLE_RATE):
    """Loudest component outside ±1 octave relative to the loudest of all, over the whole note."""
    size = 1 << int(np.ceil(np.log2(2 * len(note))))
    spectrum = np.abs(np.fft.rfft(note, size))
    hertz = np.fft.rfftfreq(size, 1 / rate)
    outside = (hertz < frequency_hz / 2) | (hertz > 2 * frequency_hz)
    return 20 * np.log10(spectrum[outside].max() / spectrum.max())
