#!/usr/bin/env python3
"""Measures every key of Peach's SoundFont instruments and writes the calibration table
Sources/PeachFluidSynth/Calibration/<soundfont>.json: each key's pitch offset (cents, the mean
fundamental over 2 s of sustain against 12-TET at A4 = 440 Hz) and the gain (dB) that brings its
RMS just after the attack (0.05-0.3 s) to the common level.

  .venv-e2e/bin/python scripts/calibrate_sounds.py [--peach .build/debug/peach] [--soundfont FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "e2e"))
import sound_analysis as analysis  # noqa: E402

SOUNDS = {"piano": "0:0", "strings": "0:48", "flute": "0:73", "choir": "0:52", "organ": "0:20"}
KEYS = range(21, 109)
# RMS of every calibrated note before Peach's level and master gain: 12 dB under a full-scale
# sine's RMS, which leaves room for the 12-15 dB crest factor of sampled instruments.
TARGET_RMS_DB = -15.0


def measure(peach, soundfont, sound, key, folder):
    path = os.path.join(folder, f"{sound}-{key}.wav")
    command = [peach, "render", "--sound", sound, "--note", str(key), "--duration", "3", "--uncalibrated", "-o", path]
    if soundfont:
        command += ["--soundfont", soundfont]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    samples = analysis.read_wav(path)
    if not samples.any():
        return None
    nominal = 440 * 2 ** ((key - 69) / 12)
    # A calibrated note reads its sample faster or slower by the correction, so it sounds a slightly
    # different stretch of it; a sample whose pitch drifts (the choir) must be measured over that one.
    offset = 0.0
    for _ in range(3):
        ratio = 2 ** (-offset / 1200)
        offset = analysis.cents(analysis.mean_frequency(samples, nominal, start=0.5 * ratio, end=2.5 * ratio), nominal)
    # The render includes Peach's master level (-12 dB, SynthesisSettings), which the table must not correct.
    gain = TARGET_RMS_DB - (analysis.rms_db(samples, start=0.05 * ratio, end=0.3 * ratio) + 12.0)
    return round(float(offset), 4), round(float(gain), 3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--peach", default=".build/debug/peach")
    parser.add_argument("--soundfont", default=None)
    arguments = parser.parse_args()
    name = os.path.basename(arguments.soundfont or "/usr/share/sounds/sf3/FluidR3Mono_GM.sf3")
    table = {"presets": {}}
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(max_workers=2) as pool:
        for sound, preset in SOUNDS.items():
            measured = list(pool.map(lambda key: measure(arguments.peach, arguments.soundfont, sound, key, folder), KEYS))
            # Keys the preset has no sample for stay silent; the table covers the ones it plays.
            playable = [key for key, result in zip(KEYS, measured) if result is not None]
            results = [measured[key - KEYS[0]] for key in range(playable[0], playable[-1] + 1)]
            table["presets"][preset] = {
                "firstKey": playable[0], "cents": [r[0] for r in results], "gainDB": [r[1] for r in results]}
            offsets = [r[0] for r in results]
            print(f"{sound}: offsets {min(offsets):+.2f} to {max(offsets):+.2f} ¢", file=sys.stderr)
    out = os.path.join(os.path.dirname(__file__), "..", "Sources", "PeachFluidSynth", "Calibration", f"{name}.json")
    with open(out, "w") as handle:
        json.dump(table, handle, indent=1)
        handle.write("\n")
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
