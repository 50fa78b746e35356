"""SoundFont instruments rendered by the real `peach render` (FluidSynth, FluidR3Mono installed by
scripts/setup.sh) and measured: relative pitch, absolute pitch after calibration, clicks, level."""
import subprocess

import numpy as np
import pytest

import sound_analysis as analysis
from conftest import PEACH

INSTRUMENTS = ["piano", "strings", "flute", "choir", "organ"]
NOTES = [36, 48, 60, 72, 84]
# Playing a note a few cents off resamples its key: one rule for every instrument, so it is checked
# on a decaying sample (piano) and a looped, sustained one (strings) at the ends and the middle of the
# range; each instrument's own calibration is checked on every note above.
RESAMPLED = ["piano", "strings"]
RESAMPLED_NOTES = [36, 60, 84]


def render(tmp_path, sound, note, cents=0.0, reference=440.0, duration=3.0):
    path = tmp_path / f"{sound}-{note}-{cents}-{reference}.wav"
    subprocess.run([PEACH, "render", "--sound", sound, "--note", str(note), f"--cents={cents}",
                    "--reference", str(reference), "--duration", str(duration), "-o", str(path)],
                   check=True, capture_output=True)
    return analysis.read_wav(path)


@pytest.mark.parametrize("sound", RESAMPLED)
def test_note_two_is_note_one_resampled_by_exactly_the_difference(tmp_path, sound):
    for note in RESAMPLED_NOTES:
        note1 = render(tmp_path, sound, note)
        for delta in (0.1, -3.7):
            measured = analysis.resampling_cents(note1, render(tmp_path, sound, note, cents=delta), guess=delta)
            assert abs(measured - delta) < 0.05, f"{sound} MIDI {note}: {delta:+} ¢ sounded {measured:+.4f} ¢"


@pytest.mark.parametrize("sound", INSTRUMENTS)
def test_every_note_sounds_at_the_frequency_the_api_names_after_calibration(tmp_path, sound):
    for reference in (440.0, 442.0):
        for note in NOTES:
            wanted = reference * 2 ** ((note - 69) / 12)
            measured = analysis.mean_frequency(render(tmp_path, sound, note, reference=reference), wanted)
            error = analysis.cents(measured, wanted)
            assert abs(error) <= 1.0, f"{sound} MIDI {note} at A4 = {reference} Hz: {error:+.3f} ¢"


@pytest.mark.parametrize("sound", INSTRUMENTS)
def test_levels_across_the_range_are_within_one_decibel(tmp_path, sound):
    levels = {note: analysis.rms_db(render(tmp_path, sound, note, duration=1.2)) for note in NOTES}
    middle = np.median(list(levels.values()))
    assert all(abs(level - middle) <= 1.0 for level in levels.values()), levels


@pytest.mark.parametrize("sound", INSTRUMENTS)
def test_onset_and_release_have_no_step_larger_than_the_tones_own(tmp_path, sound):
    for note in (36, 60, 84):
        samples = render(tmp_path, sound, note, duration=1.0)
        steps = np.abs(np.diff(samples))
        release = int(1.0 * analysis.RATE)
        edges = np.concatenate([steps[:240], steps[release - 10:]])
        # The tone's own steps: the same note held for 3 s, after its attack ramp.
        held = np.abs(np.diff(render(tmp_path, sound, note, duration=3.0)))[2400:int(2.9 * analysis.RATE)]
        assert edges.max() <= held.max(), f"{sound} MIDI {note}: edge step {edges.max():.4g} > tone's {held.max():.4g}"
        # The note ends: the release ramp brings it to silence.
        assert abs(samples[-1]) < 1e-4


def test_five_comparisons_on_the_piano_in_the_terminal(server):
    from test_terminal import Tmux, answer_until_counted
    import os
    import shlex
    command = (f"{shlex.quote(PEACH)} train --sound piano --device null --data {shlex.quote(str(server.data_path))}"
               " --note-duration 0.3")
    tmux = Tmux(f"peach-e2e-{os.getpid()}-piano", command, {})
    try:
        assert tmux.wait_for(lambda lines: any("Comparison training" in line for line in lines), timeout=20)
        for index in range(5):
            answer_until_counted(tmux, ["Up", "Down"][index % 2], r"^[✓✗]$", index + 1)
        tmux.keys("q")
        lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
        assert "EXIT=0" in lines, lines
    finally:
        tmux.close()
    assert len(server.records()) == 5
