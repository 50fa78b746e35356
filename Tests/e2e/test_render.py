"""`peach render` writes WAV files that hold exactly the tone asked for."""
import subprocess

import numpy as np
from scipy.io import wavfile

from alsa_sink import SAMPLE_RATE, cents, frequency, sounding_spans
from conftest import PEACH


def render(path, *arguments):
    result = subprocess.run([PEACH, "render", "-o", str(path), *arguments], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    rate, samples = wavfile.read(path)
    assert rate == SAMPLE_RATE and samples.dtype == np.float32
    return samples.astype(np.float64)


def test_one_note_as_asked(tmp_path):
    samples = render(tmp_path / "a4.wav", "--note", "69", "--cents", "12.5", "--duration", "1", "--reference", "442")
    expected = 442 * 2 ** (12.5 / 1200)
    # One second, the 14-period release, then at most one 10 ms block of trailing silence.
    (start, end), = sounding_spans(samples)
    assert start <= 1 and abs((end - start) / SAMPLE_RATE - (1 + 14 / expected)) < 0.001
    assert len(samples) - end <= SAMPLE_RATE // 100
    half = SAMPLE_RATE * 2 // 5
    assert abs(cents(frequency(samples, expected, 2000, 2000 + half, half), expected)) < 0.01


def test_a_comparison_as_the_trainer_plays_it(tmp_path):
    samples = render(tmp_path / "trial.wav", "--comparison", "--note", "57", "--cents", "-15", "--duration", "0.5",
                     "--gap", "0.25", "--level", "-6")
    (start1, _), (start2, _) = sounding_spans(samples)
    # An attack's first sample is zero.
    assert start1 == 1 and start2 == int(0.75 * SAMPLE_RATE) + 1
    note1 = 220.0
    length = SAMPLE_RATE // 8
    first = frequency(samples, note1, 6000, 6000 + length, length)
    second = frequency(samples, note1 * 2 ** (-15 / 1200), start2 + 6000, start2 + 6000 + length, length)
    assert abs(cents(second, first) + 15) < 0.01
    # Master −12 dB (SynthesisSettings), then −6 dB asked for.
    assert abs(np.abs(samples).max() - 10 ** (-18 / 20)) < 0.001


def test_out_of_range_options_are_refused_by_name(tmp_path):
    result = subprocess.run([PEACH, "render", "-o", str(tmp_path / "x.wav"), "--note", "120"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "--note must be within 21–108" in result.stderr
    assert not (tmp_path / "x.wav").exists()


def test_intervals_render_pure_from_the_played_note(tmp_path):
    """Native rendering of intervals for a sample of roots: note 2 stands to note 1 in the just ratio
    (or the tempered size) plus the offset, within 0.01 cent."""
    just = {"M3": 1200 * np.log2(5 / 4), "P5": 1200 * np.log2(3 / 2), "m7": 1200 * np.log2(9 / 5), "m2": 1200 * np.log2(16 / 15)}
    semitones = {"M3": 4, "P5": 7, "m7": 10, "m2": 1}
    cases = [(40, "M3", "just", 0), (57, "P5down", "just", -7.5), (64, "m7", "equal", 3), (81, "m2down", "just", 12.5)]
    for index, (note, interval, tuning, offset) in enumerate(cases):
        samples = render(tmp_path / f"interval-{index}.wav", "--comparison", "--note", str(note), "--interval", interval,
                         "--tuning", tuning, "--cents", str(offset), "--duration", "0.5", "--gap", "0.25")
        (start1, _), (start2, _) = sounding_spans(samples)
        name = interval.removesuffix("down")
        sign = -1 if interval.endswith("down") else 1
        size = just[name] if tuning == "just" else semitones[name] * 100
        note1 = 440 * 2 ** ((note - 69) / 12)
        note2 = note1 * 2 ** ((sign * size + offset) / 1200)
        length = SAMPLE_RATE // 8
        first = frequency(samples, note1, 6000, 6000 + length, length)
        second = frequency(samples, note2, start2 + 6000, start2 + 6000 + length, length)
        assert abs(cents(first, note1)) < 0.01
        assert abs(cents(second, first) - (sign * size + offset)) < 0.01, f"{interval} from {note} ({tuning})"
