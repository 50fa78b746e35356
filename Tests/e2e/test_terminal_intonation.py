"""`peach intonation` (Which Voice?) driven through a pseudo-terminal, its sound taken from a real ALSA
device that writes to a file: each answer is stored for the server with the chord it judged, and
the first chord reached the device as three voices, just from the root played but for the one
detuned by the stored offset."""
import math
import os
import shlex

import numpy as np

from alsa_sink import DEVICE, SAMPLE_RATE, FileSink
from conftest import PEACH
from test_terminal import Tmux, answer_until_counted, feedback_lines

JUST = {"major": (5 / 4, 3 / 2), "minor": (6 / 5, 3 / 2)}
VOICES = ["lowest", "middle", "highest"]


def peaks(samples, count):
    """The `count` strongest spectral peaks of `samples` in Hz, lowest first (Hann window, parabolic
    interpolation of the log magnitude)."""
    window = np.hanning(len(samples))
    spectrum = np.abs(np.fft.rfft(samples * window)) + 1e-12
    log = np.log(spectrum)
    candidates = [i for i in range(2, len(log) - 2) if log[i] > log[i - 1] and log[i] >= log[i + 1]]
    strongest = sorted(candidates, key=lambda i: log[i], reverse=True)[:count]
    found = []
    for i in strongest:
        shift = 0.5 * (log[i - 1] - log[i + 1]) / (log[i - 1] - 2 * log[i] + log[i + 1])
        found.append((i + shift) * SAMPLE_RATE / len(samples))
    return sorted(found)


def test_four_chords_in_the_terminal_are_stored_and_the_first_sounds_as_stored(server, tmp_path):
    assert server.api("PUT", "settings", json={"chordTuningSystem": "justIntonation", "noteRangeLower": 55,
                                              "noteRangeUpper": 72}).status_code == 200
    sink = FileSink(tmp_path)
    command = f"{shlex.quote(PEACH)} intonation --device {DEVICE} --data {shlex.quote(str(server.data_path))}"
    tmux = Tmux(f"peach-e2e-{os.getpid()}-intonation", command, {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    keys = [("Up", "highest"), ("l", "middle"), ("Down", "lowest"), ("k", "highest")]
    try:
        assert tmux.wait_for(lambda lines: any("Which voice? Triads in just intonation" in line for line in lines), timeout=15)
        # The first chord is heard whole before it is answered.
        tmux.wait_for(lambda lines: False, timeout=2.8)
        for index, (key, _) in enumerate(keys):
            answer_until_counted(tmux, key, r"^[✓✗] the ", index + 1)
        tmux.keys("q")
        lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
        assert "EXIT=0" in lines, lines
    finally:
        tmux.close()

    records = server.api("GET", "records?discipline=chordIntonation&limit=10").json()["records"]
    records.sort(key=lambda record: record["timestamp"])
    assert [record["answeredVoice"] for record in records] == [voice for _, voice in keys]
    shown = feedback_lines(lines, r"^[✓✗] the ")
    for record, line in zip(records, shown):
        assert record["tuningSystem"] == "justIntonation" and 55 <= record["rootNote"] <= 65
        assert record["isCorrect"] == (record["answeredVoice"] == record["detunedVoice"])
        off = abs(record["detuneCents"])
        assert line == f"{'✓' if record['isCorrect'] else '✗'} the {record['detunedVoice']} voice was {off:.1f} ¢ " \
                       f"{'sharp' if record['detuneCents'] > 0 else 'flat'}", line

    # The first chord as the device received it: 2 s of its held middle, three partials where the
    # stored record puts them (the sine: no other partials), to within 1 ¢.
    samples = sink.samples()
    loud = np.flatnonzero(np.abs(samples) > 0.01)
    start = loud[0] + int(0.2 * SAMPLE_RATE)
    chord = samples[start:start + 2 * SAMPLE_RATE]
    first = records[0]
    root = 440 * 2 ** ((first["rootNote"] - 69) / 12)
    expected = [root, root * JUST[first["triad"]][0], root * JUST[first["triad"]][1]]
    detuned = VOICES.index(first["detunedVoice"])
    expected[detuned] *= 2 ** (first["detuneCents"] / 1200)
    for heard, wanted in zip(peaks(chord, 3), expected):
        assert abs(1200 * math.log2(heard / wanted)) < 1, (peaks(chord, 3), expected, first)
