"""`peach` reading a MIDI keyboard through the real ALSA sequencer: a virtual keyboard (a sequencer
client made here through libasound) is listed by `peach devices --midi`, and keys played into
`peach train --midi all` — on a port that appears after peach started, so System:Announce must bring
it in — answer comparisons; keys played on every sixteenth of a Fill the Gap trial hit every gap on
time; chords played in a voicing of the test's own answer `peach progressions --midi`. Needs /dev/snd/seq (`sudo modprobe snd-seq`); CI has none, and there test_cli.py checks the
one-line refusal instead."""
import ctypes
import pathlib
import queue
import re
import sqlite3
import subprocess
import threading
import time

import pytest

from alsa_sink import DEVICE, FileSink
from conftest import PEACH

pytestmark = pytest.mark.skipif(not pathlib.Path("/dev/snd/seq").exists(), reason="no ALSA sequencer here")

OPEN_OUTPUT = 1
CAP_READ, CAP_SUBS_READ = 1 << 0, 1 << 5
TYPE_MIDI_GENERIC, TYPE_APPLICATION = 1 << 1, 1 << 20
EVENT_NOTEON = 6
QUEUE_DIRECT, ADDRESS_SUBSCRIBERS, ADDRESS_UNKNOWN = 253, 254, 253


class Event(ctypes.Structure):
    """snd_seq_event_t: 28 bytes, the note's fields at the start of `data`."""
    _fields_ = [("type", ctypes.c_uint8), ("flags", ctypes.c_uint8), ("tag", ctypes.c_uint8),
                ("queue", ctypes.c_uint8), ("time", ctypes.c_uint32 * 2), ("source_client", ctypes.c_uint8),
                ("source_port", ctypes.c_uint8), ("dest_client", ctypes.c_uint8), ("dest_port", ctypes.c_uint8),
                ("data", ctypes.c_uint8 * 12)]


class VirtualKeyboard:
    def __init__(self, name):
        self.lib = ctypes.CDLL("libasound.so.2")
        self.seq = ctypes.c_void_p()
        assert self.lib.snd_seq_open(ctypes.byref(self.seq), b"default", OPEN_OUTPUT, 0) >= 0
        self.lib.snd_seq_set_client_name(self.seq, name.encode())
        self.port = self.lib.snd_seq_create_simple_port(
            self.seq, b"keys", CAP_READ | CAP_SUBS_READ, TYPE_MIDI_GENERIC | TYPE_APPLICATION)
        assert self.port >= 0
        self.client = self.lib.snd_seq_client_id(self.seq)

    def note_on(self, note, velocity=100):
        event = Event(type=EVENT_NOTEON, queue=QUEUE_DIRECT, source_port=self.port,
                      dest_client=ADDRESS_SUBSCRIBERS, dest_port=ADDRESS_UNKNOWN)
        event.data[1], event.data[2] = note, velocity
        assert self.lib.snd_seq_event_output_direct(self.seq, ctypes.byref(event)) >= 0

    def close(self):
        self.lib.snd_seq_close(self.seq)


def test_devices_lists_a_virtual_keyboard_and_train_reads_one_plugged_in_later(tmp_path):
    keyboard = VirtualKeyboard("peach-test-keys")
    listed = subprocess.run([PEACH, "devices", "--midi"], capture_output=True, text=True, timeout=20)
    assert listed.returncode == 0, listed.stderr
    assert f"{keyboard.client}:{keyboard.port}\tpeach-test-keys: keys" in listed.stdout.splitlines()
    keyboard.close()

    sink = FileSink(tmp_path)
    data = tmp_path / "peach.sqlite"
    train = subprocess.Popen([PEACH, "train", "--midi", "all", "--device", DEVICE, "--data", str(data),
                              "--note-duration", "0.3"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=sink.env)
    try:
        assert train.stdout.readline().startswith("Comparison training.")
        late = VirtualKeyboard("peach-late-keys")
        # The top key is above every note 2: each comparison open while it is played answers Higher.
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline:
            late.note_on(127)
            time.sleep(0.15)
        train.stdin.write("q")
        train.stdin.flush()
        assert train.wait(timeout=10) == 0, train.stderr.read()
        late.close()
    finally:
        train.kill()
    with sqlite3.connect(data) as database:
        rows = database.execute("SELECT note2CentOffset, isCorrect FROM comparison").fetchall()
    assert len(rows) >= 2
    assert all(bool(correct) == (offset > 0) for offset, correct in rows), rows


def test_fill_the_gap_places_each_key_by_its_own_timestamp(tmp_path):
    """The first change the output reports heard (--latency-trace) is the trial's time zero; a key
    on every sixteenth from then on hits each gap (the keys on clicks are misses), on time."""
    sink = FileSink(tmp_path)
    keyboard = VirtualKeyboard("peach-tap-keys")
    data, trace = tmp_path / "peach.sqlite", tmp_path / "trace.txt"
    rhythm = subprocess.Popen([PEACH, "rhythm", "--fill-the-gap", "--midi", f"{keyboard.client}:{keyboard.port}",
                               "--tempo", "200", "--device", DEVICE, "--data", str(data), "--latency-trace", str(trace)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**sink.env, "XDG_STATE_HOME": str(tmp_path)})
    try:
        assert rhythm.stdout.readline().startswith("Fill the Gap at 200 BPM (not calibrated")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not (trace.exists() and trace.read_text().strip()):
            time.sleep(0.005)
        zero = float(trace.read_text().split()[1])
        sixteenth = 15 / 200
        for index in range(64):
            time.sleep(max(0, zero + index * sixteenth - time.monotonic()))
            keyboard.note_on(60)
        verdict = rhythm.stdout.readline()
        assert "16 of 16 gaps hit" in verdict, verdict
        rhythm.stdin.write("q")
        rhythm.stdin.flush()
        assert rhythm.wait(timeout=10) == 0, rhythm.stderr.read()
    finally:
        rhythm.kill()
        keyboard.close()
    with sqlite3.connect(data) as database:
        (mean, hits), = database.execute("SELECT meanOffsetMs, hitRate FROM rhythmMatching").fetchall()
    assert hits == 1.0
    assert abs(mean) < 3, mean


KEY = re.compile(r"^Key: ([A-G])([♯♭]?) major; 3 chords\. Choose from I \(1\) IV \(4\) V \(5\)\.$")
PITCH_CLASSES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def test_progressions_are_named_by_chords_played_in_any_octave_and_voicing(tmp_path):
    """A new user's first progression (three chords of I, IV and V in a major key): each chord played
    as the test's own voicing (the root low, the third and fifth two octaves up, rolled, then let go)
    names its numeral as the line says; the third answers, and the record stores the numerals
    played, right or wrong by chance. Chords played before the progression sounds name nothing."""
    sink = FileSink(tmp_path)
    keyboard = VirtualKeyboard("peach-chord-keys")
    data = tmp_path / "peach.sqlite"
    progressions = subprocess.Popen([PEACH, "progressions", "--midi", f"{keyboard.client}:{keyboard.port}",
                                     "--device", DEVICE, "--data", str(data)], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=sink.env)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in progressions.stdout], daemon=True).start()

    def chord(root, quality):
        keys = [root] + [root + 24 + step for step in quality]
        for key in keys:
            keyboard.note_on(key)
            time.sleep(0.02)
        for key in keys:
            keyboard.note_on(key, velocity=0)

    try:
        assert "play them on the keyboard" in lines.get(timeout=20)
        letter, accidental = KEY.match(lines.get(timeout=20)).groups()
        tonic = 36 + (PITCH_CLASSES[letter] + {"♯": 1, "♭": -1, "": 0}[accidental]) % 12
        major = [4, 7]
        # Until the progression sounds a chord names nothing; then I names I.
        deadline, said = time.monotonic() + 15, None
        while said is None and time.monotonic() < deadline:
            chord(tonic + 12, major)
            try:
                said = lines.get(timeout=0.4)
            except queue.Empty:
                pass
        assert said == "Played I (1 of 3; Enter starts again).", said
        chord(tonic + 5, major)
        assert lines.get(timeout=5) == "Played I IV (2 of 3; Enter starts again)."
        # A cluster is no chord of the key: it names nothing, and the two named stay.
        chord(tonic + 12, [1, 2])
        assert lines.get(timeout=5) == "That chord is none of I IV V: play it again."
        chord(tonic + 19, major)
        assert lines.get(timeout=5) == "Played I IV V."
        judgement = lines.get(timeout=10)
        assert re.match(r"^[✓✗]", judgement), judgement
        progressions.stdin.write("q\n")
        progressions.stdin.flush()
        assert progressions.wait(timeout=10) == 0, progressions.stderr.read()
    finally:
        progressions.kill()
        keyboard.close()
    with sqlite3.connect(data) as database:
        rows = database.execute("SELECT answer FROM chordProgression").fetchall()
    assert rows == [("I IV V",)]
