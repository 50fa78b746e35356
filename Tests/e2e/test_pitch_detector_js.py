"""The browser's pitch detector (web/js/audio/pitch-detector.js, as the server serves it) on the fixtures of
scripts/make_voice_fixtures.py, in headless Chromium, against the same rules as PeachAudio's
PitchDetector (Tests/PeachAudioTests/PitchDetection/PitchDetectorTests.swift): frames every 40 ms;
on a tone's steady segment at least 90 % voiced, none an octave off the sung contour, the mean over
the segment within 2 ¢ of the contour's mean, for the tones without vibrato the median frame error
within 2 ¢; nothing reported for noise or silence."""
import base64
import json
import math
import pathlib
import subprocess
import sys
import wave

import pytest

from conftest import ROOT

FIXTURES = ROOT / ".build" / "voice-fixtures"
SCRIPT = ROOT / "scripts" / "make_voice_fixtures.py"
HOP = 1920

# Runs the served module on one file's samples (16-bit PCM, base64) and returns every frame's
# frequency (or null) and the window length the Swift side uses too.
RUN = """
const [pcm, rate, hop, done] = arguments;
import('/js/audio/pitch-detector.js').then(({ PitchDetector }) => {
  const bytes = Uint8Array.from(atob(pcm), (c) => c.charCodeAt(0));
  const ints = new Int16Array(bytes.buffer);
  const samples = Float32Array.from(ints, (v) => v / 32768);
  const detector = new PitchDetector(rate);
  const frames = [];
  for (let start = 0; start + detector.frameLength <= samples.length; start += hop) {
    const estimate = detector.detect(samples.subarray(start, start + detector.frameLength));
    frames.push(estimate ? estimate.frequency : null);
  }
  done({ window: detector.window, frames });
}, (error) => done({ error: String(error) }));
"""


def manifest():
    path = FIXTURES / "manifest.json"
    if not path.exists() or path.stat().st_mtime < SCRIPT.stat().st_mtime:
        subprocess.run([sys.executable, str(SCRIPT), str(FIXTURES)], check=True)
    return json.loads(path.read_text())


def pcm(file):
    with wave.open(str(FIXTURES / file)) as source:
        return base64.b64encode(source.readframes(source.getnframes())).decode()


def test_the_browser_detector_meets_the_fixture_limits(server, browser):
    fixtures = manifest()
    rate, limits = fixtures["sampleRate"], fixtures["limits"]
    browser.get(server.url)
    failures = []
    for fixture in fixtures["fixtures"]:
        result = browser.execute_async_script(RUN, pcm(fixture["file"]), rate, HOP)
        assert "error" not in result, result
        frames = result["frames"]
        name = fixture["file"]
        expected = fixture["expectedFrequency"]
        if expected is None:
            reported = sum(1 for f in frames if f is not None)
            if reported:
                failures.append(f"{name}: pitch reported in {reported} frames")
            continue
        vibrato = fixture["vibrato"]
        period = rate / expected
        sung, contour, in_segment = [], [], 0
        for index, frequency in enumerate(frames):
            time = (index * HOP + (result["window"] + period) / 2) / rate
            if not fixture["steady"][0] <= time <= fixture["steady"][1]:
                continue
            in_segment += 1
            if frequency is None:
                continue
            sung.append(1200 * math.log2(frequency / expected))
            contour.append(vibrato["depthCents"] * math.sin(2 * math.pi * vibrato["rate"] * time + vibrato["phase"]))
        errors = [s - c for s, c in zip(sung, contour)]
        if len(sung) < limits["minimumVoicedFraction"] * in_segment:
            failures.append(f"{name}: {len(sung)} of {in_segment} frames voiced")
        if any(abs(e) >= limits["octaveErrorCents"] for e in errors):
            failures.append(f"{name}: octave error")
        mean_error = sum(sung) / len(sung) - sum(contour) / len(contour)
        if abs(mean_error) > limits["medianAbsoluteErrorCents"]:
            failures.append(f"{name}: mean off by {mean_error:.2f} ¢")
        if vibrato["depthCents"] == 0:
            median = sorted(abs(e) for e in errors)[len(errors) // 2]
            if median > limits["medianAbsoluteErrorCents"]:
                failures.append(f"{name}: median error {median:.2f} ¢")
    assert failures == [], "\n".join(failures)
    assert len(fixtures["fixtures"]) >= 55
