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


def chord_frequencies(samples, start, nominals, seconds=0.4):
    """Each note's frequency over twice `seconds` from `start` (samples), demodulated at its nominal
    frequency: the window keeps the chord's other notes out (a longer one for notes closer together)."""
    length = int(SAMPLE_RATE * seconds)
    return [frequency(samples, nominal, start, start + length, length) for nominal in nominals]


def test_a_just_triad_renders_pure_from_the_root_as_which_voice_holds_it(tmp_path):
    """`peach render --chord maj --root 60 --tuning just`: the third and fifth stand to the root at 5:4
    and 3:2 (minor: 6:5 and 3:2) within 1e-4 cent, from low and high roots; a detuned voice is off by
    exactly its cents."""
    for root, chord, third in ((36, "maj", 5 / 4), (60, "maj", 5 / 4), (71, "m", 6 / 5), (84, "minor", 6 / 5)):
        samples = render(tmp_path / f"{chord}-{root}.wav", "--chord", chord, "--root", str(root), "--tuning", "just")
        (start, _), = sounding_spans(samples)
        tonic = 440 * 2 ** ((root - 69) / 12)
        low, middle, high = chord_frequencies(samples, start + SAMPLE_RATE // 10, [tonic, tonic * third, tonic * 3 / 2], 1.0)
        assert abs(cents(middle / low, third)) < 1e-4 and abs(cents(high / low, 3 / 2)) < 1e-4, (root, chord)
        assert abs(cents(low, tonic)) < 1e-4
    samples = render(tmp_path / "detuned.wav", "--chord", "maj", "--root", "60", "--tuning", "equal", "--voice", "middle",
                     "--cents", "-7.5")
    (start, _), = sounding_spans(samples)
    c4 = 440 * 2 ** (-9 / 12)
    # (Demodulated where the detuned voice should be: 7.5 ¢ is 2.5 Hz, a whole turn between windows.)
    low, middle, high = chord_frequencies(samples, start + SAMPLE_RATE // 10, [c4, c4 * 2 ** (4 / 12 - 7.5 / 1200), c4 * 2 ** (7 / 12)])
    assert abs(cents(middle / low, 2 ** (4 / 12)) + 7.5) < 1e-4 and abs(cents(high / low, 2 ** (7 / 12))) < 1e-4


def test_a_chord_quality_renders_as_chord_quality_plays_it(tmp_path):
    """`peach render --chord m7 --root 55 --inversion 3 --arpeggio`: F3 (the seventh) in the bass, then
    G3 (the root, where it was asked), B♭3, D4 rising 0.35 s apart, every note in equal temperament."""
    samples = render(tmp_path / "m7.wav", "--chord", "m7", "--root", "55", "--inversion", "3", "--arpeggio")
    g3 = 440 * 2 ** ((55 - 69) / 12)
    expected = [g3 * 2 ** (step / 12) for step in (-2, 0, 3, 7)]
    # While all four ring: each at its tempered frequency.
    for found, wanted in zip(chord_frequencies(samples, int(1.2 * SAMPLE_RATE), expected), expected):
        assert abs(cents(found, wanted)) < 1e-3
    # Before the second note comes in, only the bass sounds.
    # (After the bass's attack, whose 14-period ramp lasts 80 ms at F3.)
    early = samples[int(0.1 * SAMPLE_RATE):int(0.34 * SAMPLE_RATE)]
    t = np.arange(len(early)) / SAMPLE_RATE
    basis = np.column_stack([f(2 * np.pi * frequency * t) for frequency in expected for f in (np.sin, np.cos)])
    coefficients, *_ = np.linalg.lstsq(basis, early, rcond=None)
    amplitudes = np.hypot(coefficients[0::2], coefficients[1::2])
    assert amplitudes[0] > 0.05 and np.all(amplitudes[1:] < 1e-2 * amplitudes[0]), amplitudes
    refused = subprocess.run([PEACH, "render", "-o", str(tmp_path / "x.wav"), "--chord", "dim", "--tuning", "just"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0 and "must be major or minor" in refused.stderr and not (tmp_path / "x.wav").exists()
