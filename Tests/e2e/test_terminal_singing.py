"""`peach sing` driven through a pseudo-terminal (tmux), listening to a real ALSA capture PCM that needs
no hardware: the `file` plugin on `null` with `infile`, reading a synthetic singer made by
scripts/make_voice_fixtures.py (glottal pulses through the formants of "a", ±30 ¢ vibrato, jitter,
breath). The stored records are read back with `peach export`, the CLI a user has."""
import csv
import os
import shlex
import subprocess
import sys
import wave

import numpy as np
import pytest

from alsa_sink import DEVICE, FileSink, sounding_spans
from conftest import PEACH, ROOT
from test_terminal import Tmux, feedback_lines

A3 = 220.0
MICROPHONE = "peach_e2e_mic"
FEEDBACK = r"^(● 0 ¢|[↑↓] [+-]\d+\.\d ¢) (green|yellow|red)"


def singer(hertz, directory, seconds=30):
    """A raw stream for ALSA's `infile`: mono FLOAT_LE at 48 kHz, what peach asks the capture PCM for."""
    path = directory / f"singer-{hertz:.3f}.wav"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_voice_fixtures.py"), "--singer", str(hertz),
                    str(seconds), str(path)], check=True)
    with wave.open(str(path)) as wav:
        assert wav.getframerate() == 48000 and wav.getnchannels() == 1 and wav.getsampwidth() == 2
        samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2").astype(np.float32) / 32768
    raw = directory / f"singer-{hertz:.3f}.raw"
    samples.astype("<f4").tofile(raw)
    return raw


def exported(server, tmp_path, discipline="pitchSinging"):
    """The `discipline` rows of `peach export`, oldest first."""
    out = tmp_path / "export.csv"
    result = subprocess.run([PEACH, "export", "-o", str(out), "--data", str(server.data_path)],
                            capture_output=True, text=True, check=True)
    assert result.stdout.startswith("exported ")
    lines = out.read_text(encoding="utf-8").splitlines()
    return [row for row in csv.DictReader(lines[1:]) if row["discipline"] == discipline]


@pytest.fixture
def sing(server, tmp_path):
    sessions = []

    def run(microphone, *extra):
        sink = FileSink(tmp_path)
        # The playback sink and, beside it, a capture PCM whose samples come from the singer's file.
        with open(sink.config, "a") as config:
            config.write(f'pcm.{MICROPHONE} {{\n  type file\n  slave.pcm "null"\n  file "/dev/null"\n'
                         f'  infile "{microphone}"\n  format "raw"\n}}\n')
        command = (f"{shlex.quote(PEACH)} sing --device {DEVICE} --capture-device {MICROPHONE} "
                   f"--data {shlex.quote(str(server.data_path))} --note-duration 0.5 {' '.join(extra)}")
        session = Tmux(f"peach-e2e-{os.getpid()}-sing-{len(sessions)}", command,
                       {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
        sessions.append(session)
        return session, sink

    yield run
    for session in sessions:
        session.close()


def sing_until(tmux, count):
    lines = tmux.wait_for(lambda lines: len(feedback_lines(lines, FEEDBACK)) >= count, timeout=30)
    assert len(feedback_lines(lines, FEEDBACK)) >= count, lines
    tmux.keys("q")
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "EXIT=0" in lines, lines
    return lines


def test_a_singer_23_cents_sharp_is_stored_as_plus_23(sing, server, tmp_path):
    # References from the singer's range: A3 only.
    assert server.api("PUT", "settings", json={"voiceRangeLower": 57, "voiceRangeUpper": 57}).status_code == 200
    tmux, sink = sing(singer(A3 * 2 ** (23 / 1200), tmp_path))
    lines = sing_until(tmux, 2)
    rows = exported(server, tmp_path)
    # Only committed attempts are stored: one per feedback line, none for the attempt q discarded.
    shown = feedback_lines(lines, FEEDBACK)
    assert len(rows) == len(shown) >= 2
    for row, line in zip(rows, shown):
        assert row["referenceNote"] == "57" and row["initialCentOffset"] == "0.0"
        assert float(row["userCentError"]) == pytest.approx(23, abs=3)
        assert row["sungOctave"] == "0"
        error = float(row["userCentError"])
        assert line == f"↑ {error:+.1f} ¢ yellow"
    # The reference was played each time through the output device (a note lasts as long as the
    # stream was rendered meanwhile: a stalled audio thread on a loaded machine can shorten it).
    spans = sounding_spans(sink.samples())
    assert len(spans) >= len(rows) and all(end - start >= 0.3 * 48000 for start, end in spans[:len(rows)])


def test_a_singer_an_octave_below_is_stored_with_the_octave_and_the_cents(sing, server, tmp_path):
    assert server.api("PUT", "settings", json={"voiceRangeLower": 57, "voiceRangeUpper": 57}).status_code == 200
    tmux, _ = sing(singer(A3 / 2 * 2 ** (-7 / 1200), tmp_path))
    lines = sing_until(tmux, 1)
    rows = exported(server, tmp_path)
    assert rows
    for row in rows:
        assert float(row["userCentError"]) == pytest.approx(-7, abs=3)
        assert row["sungOctave"] == "-1"
    assert any(line.endswith("green, sung an octave lower") for line in lines)


def test_with_an_interval_the_just_third_is_what_the_voice_is_measured_from(sing, server, tmp_path):
    # The note to sing is C#4 (the range's one note) a major third above A3; the singer sings the
    # equal-tempered C#4, 13.7 ¢ sharp of the just third (5:4).
    assert server.api("PUT", "settings", json={"voiceRangeLower": 61, "voiceRangeUpper": 61}).status_code == 200
    tmux, _ = sing(singer(A3 * 2 ** (400 / 1200), tmp_path), "--interval M3 --tuning just")
    lines = sing_until(tmux, 1)
    assert any(line.startswith("Sing Intervals (M3up, justIntonation).") for line in lines), lines
    rows = exported(server, tmp_path, "intervalSinging")
    assert rows and exported(server, tmp_path) == []
    for row in rows:
        assert (row["referenceNote"], row["interval"], row["direction"], row["tuningSystem"]) == ("57", "M3", "up", "justIntonation")
        assert float(row["userCentError"]) == pytest.approx(13.69, abs=3) and row["sungOctave"] == "0"


def test_silence_prompts_and_enter_commits_what_was_sung(sing, server, tmp_path):
    assert server.api("PUT", "settings", json={"voiceRangeLower": 57, "voiceRangeUpper": 57}).status_code == 200
    # 12 s of digital silence, then a tone that never holds still: ±40 ¢ around A3 twice a second.
    rate = 48000
    t = np.arange(rate * 18) / rate
    cents = 40 * np.sin(2 * np.pi * 0.5 * t)
    tone = 0.3 * np.sin(2 * np.pi * np.cumsum(A3 * 2 ** (cents / 1200)) / rate)
    stream = np.concatenate([np.zeros(rate * 12), tone]).astype("<f4")
    microphone = tmp_path / "late-wobbly.raw"
    stream.tofile(microphone)
    tmux, _ = sing(microphone)
    prompts = lambda lines: [line for line in lines if "can't hear you" in line]
    assert tmux.wait_for(lambda lines: any(line.startswith("Sing It.") for line in lines), timeout=10)
    # Enter with nothing sung commits nothing: it prompts.
    tmux.wait_for(lambda lines: False, timeout=2)
    tmux.keys("Enter")
    assert len(prompts(tmux.wait_for(lambda lines: len(prompts(lines)) >= 1, timeout=3))) == 1
    # Eight seconds of silence into the singer's turn: the friendly prompt, once.
    lines = tmux.wait_for(lambda lines: len(prompts(lines)) >= 2, timeout=10)
    assert len(prompts(lines)) == 2, lines
    assert exported(server, tmp_path) == []
    # The tone (from 12 s) is never steady, so only Enter commits it: what was sung in the last 0.4 s.
    tmux.wait_for(lambda lines: False, timeout=4.5)
    assert not feedback_lines(tmux.lines(), FEEDBACK)
    tmux.keys("Enter")
    lines = tmux.wait_for(lambda lines: feedback_lines(lines, FEEDBACK), timeout=3)
    assert len(feedback_lines(lines, FEEDBACK)) == 1, lines
    tmux.keys("Escape")
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "EXIT=0" in lines, lines
    rows = exported(server, tmp_path)
    assert len(rows) == 1
    assert abs(float(rows[0]["userCentError"])) <= 41 and rows[0]["sungOctave"] == "0"


def test_a_capture_device_that_cannot_be_opened_is_one_clear_line(server, tmp_path):
    result = subprocess.run([PEACH, "sing", "--device", "null", "--capture-device", "no_such_microphone",
                             "--data", str(server.data_path)], capture_output=True, text=True, timeout=20,
                            stdin=subprocess.DEVNULL)
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [
        "Error: cannot open the audio device no_such_microphone: No such file or directory (capture); "
        "`peach devices --capture` lists the capture devices"]
