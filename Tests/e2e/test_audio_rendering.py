"""The client's own audio code rendered in an OfflineAudioContext and measured: each note's
frequency against the API's value, and clean starts and ends."""
import base64

import numpy as np
from scipy.signal import hilbert

SAMPLE_RATE = 44100
START = 0.05

RENDER_SCRIPT = """
const [comparison, start, sampleRate, done] = arguments;
import('/js/audio/audio.js').then(async (audio) => {
  const seconds = start + comparison.noteDurationSeconds * 2 + (comparison.noteGapSeconds ?? 0) + 0.1;
  const context = new OfflineAudioContext(1, Math.ceil(seconds * sampleRate), sampleRate);
  const plan = audio.scheduleComparison(context, comparison, start);
  const buffer = await context.startRendering();
  const bytes = new Uint8Array(buffer.getChannelData(0).buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  done({ samples: btoa(binary), note1Start: plan.note1Start, note2Start: plan.note2Start, end: plan.end });
}).catch((error) => done({ error: String(error) }));
"""


def render(browser, server, comparison):
    browser.get(server.url)
    result = browser.execute_async_script(RENDER_SCRIPT, comparison, START, SAMPLE_RATE)
    assert "error" not in result, result.get("error")
    return np.frombuffer(base64.b64decode(result["samples"]), dtype=np.float32).astype(np.float64), result


def measured_frequency(samples, start, end):
    """Frequency from the slope of the analytic signal's phase over the steady part of a note."""
    margin = int(0.05 * SAMPLE_RATE)
    segment = samples[int(start * SAMPLE_RATE) + margin:int(end * SAMPLE_RATE) - margin]
    phase = np.unwrap(np.angle(hilbert(segment)))
    # The Hilbert transform is inexact near the segment's edges; fit the middle.
    trim = len(phase) // 10
    t = np.arange(len(phase))[trim:-trim] / SAMPLE_RATE
    slope = np.polyfit(t, phase[trim:-trim], 1)[0]
    return slope / (2 * np.pi)


def amplitude(samples, start, end, frequency, synthesis):
    """The sine's amplitude fitted by least squares over the note's steady part (between its ramps)."""
    ramp = max(synthesis["rampSeconds"], synthesis["rampPeriods"] / frequency)
    segment = samples[int((start + ramp + 0.01) * SAMPLE_RATE):int((end - ramp - 0.01) * SAMPLE_RATE)]
    assert len(segment) > SAMPLE_RATE * 0.1, "the note has a steady part to measure"
    t = np.arange(len(segment)) / SAMPLE_RATE
    basis = np.column_stack([np.sin(2 * np.pi * frequency * t), np.cos(2 * np.pi * frequency * t)])
    (a, b), *_ = np.linalg.lstsq(basis, segment, rcond=None)
    return np.hypot(a, b)


def cents(measured, expected):
    return 1200 * np.log2(measured / expected)


def test_each_note_is_within_a_hundredth_of_a_cent_and_starts_and_ends_at_silence(server, browser):
    for _ in range(3):
        comparison = server.api("POST", "comparisons").json()
        samples, plan = render(browser, server, comparison)
        duration = comparison["noteDurationSeconds"]
        notes = [
            (plan["note1Start"], comparison["note1"]["frequencyHz"]),
            (plan["note2Start"], comparison["note2"]["frequencyHz"]),
        ]
        peak = np.max(np.abs(samples))
        assert peak > 0.1, "the comparison is audible"
        for start, expected in notes:
            error = cents(measured_frequency(samples, start, start + duration), expected)
            assert abs(error) <= 0.01, f"{expected} Hz measured {error:+.5f} cents off"
            first = int(round(start * SAMPLE_RATE))
            last = int(round((start + duration) * SAMPLE_RATE))
            # Raised-cosine ramps: the first and last samples of a note are near zero.
            assert abs(samples[first]) < 1e-3 * peak * 10
            assert abs(samples[last]) < 1e-3 * peak * 10
            assert np.max(np.abs(samples[first:first + 10])) < 0.05 * peak
            assert np.max(np.abs(samples[last - 10:last + 1])) < 0.05 * peak
        # Same level for both notes when loudness does not vary, measured where neither note is
        # ramping: a low note's ramp lasts its synthesis' number of periods (a third of a second at 40 Hz).
        levels = [amplitude(samples, start, start + duration, expected, comparison["synthesis"]) for start, expected in notes]
        assert abs(20 * np.log10(levels[1] / levels[0])) < 0.05, levels
        assert np.max(np.abs(samples[int((plan["end"] + 0.01) * SAMPLE_RATE):])) < 1e-6
