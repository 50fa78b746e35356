"""End to end through ALSA: `peach play` streams to a real PCM (file on null) and the file is analysed."""
import subprocess

import numpy as np
import pytest

from alsa_sink import DEVICE, SAMPLE_RATE, FileSink, cents, frequency, sounding_spans, splatter_db
from conftest import PEACH


@pytest.fixture
def sink(tmp_path):
    return FileSink(tmp_path)


def play(sink, *arguments):
    result = subprocess.run([PEACH, "play", "--device", DEVICE, *arguments], env=sink.env,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "FLOAT_LE" in result.stdout and "0 underruns" in result.stdout, result.stdout
    return sink.samples()


def test_a_note_through_alsa_is_in_tune_click_free_and_as_long_as_asked(sink):
    samples = play(sink, "--note", "69", "--cents", "12.5", "--duration", "1", "--reference", "442")
    spans = sounding_spans(samples)
    assert len(spans) == 1
    start, end = spans[0]
    assert end < len(samples), "silence after the release"
    # Timed by the wall clock: one second plus the 14-period release (31 ms), give or take the
    # scheduling of a busy machine.
    assert 1.0 < (end - start) / SAMPLE_RATE < 1.07

    expected = 442 * 2 ** (12.5 / 1200)
    half = SAMPLE_RATE * 2 // 5
    measured = frequency(samples, expected, start + 2000, start + 2000 + half, half)
    assert abs(cents(measured, expected)) < 0.01

    # The attack's first sample is zero, so the note is whole even if the stream began with it.
    note = samples[max(0, start - 10):end + 10]
    assert splatter_db(note, expected) < -80
    steady = note[SAMPLE_RATE // 4:SAMPLE_RATE // 2]
    assert np.abs(np.diff(note)).max() <= np.abs(np.diff(steady)).max() * 1.0001


def test_a_comparison_through_alsa_plays_both_notes_the_offset_apart(sink):
    samples = play(sink, "--comparison", "--note", "60", "--cents", "-30", "--duration", "0.5", "--gap", "0.2")
    spans = sounding_spans(samples)
    assert len(spans) == 2
    note1 = 440 * 2 ** ((60 - 69) / 12)
    length = SAMPLE_RATE // 8
    (start1, _), (start2, _) = spans
    # Note plus gap, timed by the wall clock like a note's length: a busy machine's scheduling moves
    # the second onset by tens of milliseconds (20.0 ms was seen), far less than the 200 ms gap.
    assert abs((start2 - start1) / SAMPLE_RATE - 0.7) < 0.05
    first = frequency(samples, note1, start1 + 4000, start1 + 4000 + length, length)
    second = frequency(samples, note1 * 2 ** (-30 / 1200), start2 + 4000, start2 + 4000 + length, length)
    assert abs(cents(first, note1)) < 0.01
    assert abs(cents(second, first) + 30) < 0.01


def test_an_unknown_device_is_a_clear_error(sink):
    result = subprocess.run([PEACH, "play", "--device", "no_such_device"], env=sink.env,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    assert "cannot open the audio device no_such_device" in result.stderr
