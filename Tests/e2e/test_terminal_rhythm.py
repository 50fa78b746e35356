"""`peach rhythm` (Compare Timing) driven through a pseudo-terminal, its sound taken from a real ALSA
device that writes to a file: the answers are stored for the server, and each trial's clicks reach
the device a sixteenth apart to the sample, the third displaced by exactly the stored offset."""
import os
import re
import shlex

import numpy as np

from alsa_sink import DEVICE, SAMPLE_RATE, FileSink
from conftest import PEACH
from test_terminal import Tmux, answer_until_counted, feedback_lines

# PeachAudio's Click: its peak, and a click's own tail dies under a tenth of it within 20 ms.
CLICK_PEAK = 0.9


def onsets(samples):
    """Each click's first sample above a tenth of the peak after at least 20 ms below it, in seconds."""
    loud = np.flatnonzero(np.abs(samples) > CLICK_PEAK / 10)
    if loud.size == 0:
        return []
    starts = loud[np.concatenate([[True], np.diff(loud) > int(0.02 * SAMPLE_RATE)])]
    return list(starts / SAMPLE_RATE)


def test_five_compare_timing_answers_in_the_terminal_are_stored_and_sound_on_time(server, tmp_path):
    assert server.api("PUT", "settings", json={"tempoBPM": 200}).status_code == 200
    sink = FileSink(tmp_path)
    command = f"{shlex.quote(PEACH)} rhythm --device {DEVICE} --data {shlex.quote(str(server.data_path))}"
    tmux = Tmux(f"peach-e2e-{os.getpid()}-rhythm", command, {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    try:
        assert tmux.wait_for(lambda lines: any("Compare Timing at 200 BPM" in line for line in lines), timeout=15)
        sent = []
        for index in range(5):
            key, answer = [("Left", "early"), ("l", "late"), ("e", "early"), ("Right", "late"), ("Left", "early")][index]
            answer_until_counted(tmux, key, r"^[✓✗]$", index + 1)
            sent.append(answer)
        tmux.keys("q")
        lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
        assert "EXIT=0" in lines, lines
    finally:
        tmux.close()

    records = server.api("GET", "records?discipline=rhythmComparison&limit=10").json()["records"]
    records.sort(key=lambda record: record["timestamp"])
    assert len(records) == 5
    shown = feedback_lines(lines, r"^[✓✗]$")
    for record, answer, mark in zip(records, sent, shown):
        assert record["tempoBPM"] == 200
        assert 1 <= abs(record["offsetPercent"]) <= 20
        assert record["isCorrect"] == ((record["offsetMs"] < 0) == (answer == "early"))
        assert mark == ("✓" if record["isCorrect"] else "✗")

    # What reached the device: four clicks per trial, 75 ms apart at 200 BPM, the third moved by the offset.
    heard = onsets(sink.samples())
    sixteenth = 60 / 200 / 4
    trials = [heard[i:i + 4] for i in range(0, len(heard) - 3, 4)]
    assert len(trials) >= 5
    half_sample = 0.5 / SAMPLE_RATE
    for clicks, record in zip(trials, records):
        start = clicks[0]
        assert abs(clicks[1] - start - sixteenth) <= 1e-4
        assert abs(clicks[3] - start - 3 * sixteenth) <= 1e-4
        assert abs(clicks[2] - start - 2 * sixteenth - record["offsetMs"] / 1000) <= 5e-5 + half_sample
