#!/usr/bin/env python3
"""Synthesizes the pitch-detector fixtures: voices, instrument-like tones, noise and silence, each a
16-bit mono WAV at 48 kHz, with the expected result of every file in manifest.json beside them.

Both pitch detectors (PeachAudio's PitchDetector in Swift, web/js/audio/pitch-detector.js in the browser)
are checked against these files and this manifest, so the two cannot drift apart. The set is
deterministic (fixed seeds) and is generated at test time instead of being committed (≈8 MB).

Voices: a Rosenberg glottal pulse train (differentiated: the lips radiate the flow's derivative)
through the first three formants of a, e, i, o, u, with 5–6 Hz vibrato of ±30 ¢, 0.3 % cycle-to-cycle
jitter and breath noise 26 dB down, from 82 Hz to 988 Hz, each 0, ±7, ±23 or ±48 ¢ off its note.
Instruments: plucked (harmonics decaying, the higher faster), bowed (sawtooth-like, bow noise),
blown (strong fundamental, breathy). Noise: white, pink, breath. Silence: digital zero, and a hiss
at −70 dBFS. Sung notes (the manifest's `notes`, 3 s each, for what Sing It stores from a whole note):
vibrato ±30/60/100 ¢, a scoop into the note, an "oo" whose harmonic 2 dominates, alternating cycles,
and a bright brass-like tone at 44.1 kHz and 48 kHz (each note's `sampleRate`). Hard voices (the
manifest's `hardVoices`, held notes at 44.1 and 48 kHz for the octave a listener names): diplophonia,
a hum an octave below, a weak fundamental, the brass-like tone swept across B♭4.

Usage: make_voice_fixtures.py OUTDIR            the detector fixtures
       make_voice_fixtures.py --singer HZ SECONDS FILE [--vowel a] [--start SECONDS]
                                               one long steady voice (the e2e fake microphone)
"""
import argparse
import json
import pathlib
import wave

import numpy as np
from scipy.signal import butter, lfilter, sosfilt

RATE = 48_000
ONSET = 0.25        # seconds of silence before every tone (detection latency is measured from here)
DURATION = 1.5
TONE_END = 1.4
VOWELS = {  # (F1, F2, F3) Hz, bandwidths (Hz)
    "a": ((800, 1150, 2900), (80, 90, 120)),
    "e": ((400, 1700, 2600), (70, 80, 100)),
    "i": ((270, 2300, 3000), (60, 90, 100)),
    "o": ((450, 800, 2830), (70, 80, 100)),
    "u": ((325, 700, 2530), (50, 60, 170)),
}
VOICE_NOTES = [40, 45, 50, 57, 64, 69, 76, 83]       # E2 82 Hz … B5 988 Hz
INSTRUMENT_NOTES = [43, 55, 67, 79]                  # G2 98 Hz … G5 784 Hz
OFFSETS = [0, 7, -7, 23, -23, 48, -48]
VIBRATO_CENTS = 30.0


def note_hz(midi, cents=0.0):
    return 440.0 * 2 ** ((midi - 69 + cents / 100) / 12)


def resonator(signal, frequency, bandwidth, rate=RATE):
    r = np.exp(-np.pi * bandwidth / rate)
    theta = 2 * np.pi * frequency / rate
    a = [1, -2 * r * np.cos(theta), r * r]
    return lfilter([1 - r], a, signal)


def envelope(n, onset, end, attack=0.05, release=0.05, rate=RATE):
    t = np.arange(n) / rate
    env = np.clip((t - onset) / attack, 0, 1) * np.clip((end - t) / release, 0, 1)
    return 0.5 - 0.5 * np.cos(np.pi * env)


def phase_track(f0, rate=RATE):
    return np.cumsum(f0) / rate


def alternating_cycles(phase, longer):
    """The glottal phase of a voice whose every other cycle is `longer` (0.04: 4 %) than the one before,
    from the steady voice's `phase`: cycle k spans 1 ∓ longer/2 of it, so that each pair spans exactly
    two and the mean rate is the steady voice's. (Lengthening alternate stretches of *time* instead
    raises the mean rate by 1/(1 − longer²/4): 0.7 ¢ at 4 %, which the detector was then blamed for.)"""
    cycles = int(phase[-1]) + 2
    lengths = 1 + longer / 2 * np.where(np.arange(cycles) % 2 == 1, 1.0, -1.0)
    bounds = np.concatenate([[0.0], np.cumsum(lengths)])
    index = np.searchsorted(bounds, phase, side="right") - 1
    return index + (phase - bounds[index]) / lengths[index]


def voice(rng, center_hz, vowel, n, onset, end, depth=VIBRATO_CENTS, scoop=None, diplophonia=(0.0, 0.0),
          formants=None, rate=RATE):
    """The samples and the vibrato (rate Hz, phase): the pitch is centre · 2^(depth sin(2π rate t + phase)/1200).
    `scoop` (cents, seconds): the note starts that far off and slides in (a raised cosine) from the onset.
    `diplophonia` (period, amplitude): every other glottal cycle is that much longer and quieter than the
    one before (0.04, 0.4: 4 % longer, 40 % quieter), the mean period unchanged. `formants` replaces the
    vowel's (frequencies, bandwidths). `rate`: samples a second."""
    t = np.arange(n) / rate
    vibrato_rate, start_phase = rng.uniform(5.0, 6.0), rng.uniform(0, 2 * np.pi)
    cents = depth * np.sin(2 * np.pi * vibrato_rate * t + start_phase)
    if scoop:
        into = np.clip((t - onset) / scoop[1], 0, 1)
        cents = cents + scoop[0] * (0.5 + 0.5 * np.cos(np.pi * into))
    # Jitter: each glottal cycle is 0.3 % (SD) longer or shorter than the smooth contour says.
    cycles = int(center_hz * n / rate) + 10
    jitter = rng.normal(0.0, 0.003, cycles)
    f0 = center_hz * 2 ** (cents / 1200)
    phase = phase_track(f0, rate)
    cycle = np.clip(np.floor(phase).astype(int), 0, cycles - 1)
    actual = phase_track(f0 * (1 + jitter[cycle]), rate)
    if diplophonia[0]:
        actual = alternating_cycles(actual, diplophonia[0])
    p = np.mod(actual, 1.0)
    # Rosenberg pulse: opening 40 % of the cycle, closing 16 %, closed the rest.
    tp, tn = 0.40, 0.16
    flow = np.where(p < tp, 0.5 * (1 - np.cos(np.pi * p / tp)),
                    np.where(p < tp + tn, np.cos(np.pi * (p - tp) / (2 * tn)), 0.0))
    flow = flow * np.where(np.floor(actual).astype(int) % 2 == 1, 1 - diplophonia[1], 1.0)
    source = np.diff(flow, prepend=0.0)
    breath = lfilter([1, -0.9], [1], rng.normal(0, 1, n))
    formants, bandwidths = formants or VOWELS[vowel]
    filtered = source
    for f, b in zip(formants, bandwidths):
        if f < rate / 2:
            filtered = resonator(filtered, f, b, rate)
    filtered = filtered / np.sqrt(np.mean(filtered ** 2))
    breath = breath / np.sqrt(np.mean(breath ** 2)) * 10 ** (-26 / 20)
    return (filtered + breath) * envelope(n, onset, end, rate=rate), (vibrato_rate, start_phase)


def plucked(rng, hz, n, onset, end):
    t = np.arange(n) / RATE
    active = np.clip(t - onset, 0, None)
    out = np.zeros(n)
    for k in range(1, 30):
        if k * hz > RATE / 2 - 2000:
            break
        decay = 1.2 / (1 + 0.35 * (k - 1))
        out += np.sin(np.pi * k * 0.27) / k * np.exp(-active / decay) * np.sin(
            2 * np.pi * k * hz * t + rng.uniform(0, 2 * np.pi))
    return out * envelope(n, onset, end, attack=0.003)


def bowed(rng, hz, n, onset, end):
    t = np.arange(n) / RATE
    out = np.zeros(n)
    for k in range(1, 40):
        if k * hz > RATE / 2 - 2000:
            break
        out += (1 / k) * np.sin(2 * np.pi * k * hz * t + rng.uniform(0, 2 * np.pi))
    out = resonator(out, 3000, 1500) * 0.5 + out
    out = out / np.sqrt(np.mean(out ** 2))
    noise = lfilter([1, -0.5], [1], rng.normal(0, 1, n))
    noise = noise / np.sqrt(np.mean(noise ** 2)) * 10 ** (-30 / 20)
    return (out + noise) * envelope(n, onset, end, attack=0.12)


def blown(rng, hz, n, onset, end):
    t = np.arange(n) / RATE
    out = np.zeros(n)
    for k, a in enumerate([1.0, 0.3, 0.12, 0.05, 0.02], start=1):
        out += a * np.sin(2 * np.pi * k * hz * t + rng.uniform(0, 2 * np.pi))
    out = out / np.sqrt(np.mean(out ** 2))
    breath = resonator(rng.normal(0, 1, n), 2 * hz, hz)
    breath = breath / np.sqrt(np.mean(breath ** 2)) * 10 ** (-22 / 20)
    return (out + breath) * envelope(n, onset, end, attack=0.08)


def write_wav(path, samples, peak_dbfs=-6.0, rate=None):
    peak = np.max(np.abs(samples))
    if peak > 0 and peak_dbfs is not None:
        samples = samples / peak * 10 ** (peak_dbfs / 20)
    pcm = np.clip(np.round(samples * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate or RATE)
        out.writeframes(pcm.tobytes())


def detector_fixtures(outdir):
    outdir.mkdir(parents=True, exist_ok=True)
    n = int(DURATION * RATE)
    entries = []
    steady = [round(ONSET + 0.3, 3), round(TONE_END - 0.1, 3)]

    def add(name, family, samples, expected_hz=None, note=None, offset=None, seed=None, peak_dbfs=-6.0,
            vibrato=(0.0, 0.0)):
        write_wav(outdir / f"{name}.wav", samples, peak_dbfs)
        entries.append({
            "file": f"{name}.wav", "family": family, "seed": seed,
            "expectedFrequency": expected_hz, "note": note, "offsetCents": offset,
            "onset": ONSET if expected_hz else None, "steady": steady if expected_hz else None,
            # The pitch at time t: expectedFrequency · 2^(depth · sin(2π rate t + phase) / 1200).
            "vibrato": {"depthCents": VIBRATO_CENTS if vibrato[0] else 0.0, "rate": vibrato[0], "phase": vibrato[1]},
        })

    seed = 0
    for i, midi in enumerate(VOICE_NOTES):
        for j, vowel in enumerate(VOWELS):
            seed += 1
            offset = OFFSETS[(i + j) % len(OFFSETS)]
            hz = note_hz(midi, offset)
            samples, vibrato = voice(np.random.default_rng(seed), hz, vowel, n, ONSET, TONE_END)
            add(f"voice-{vowel}-{midi}{offset:+d}", f"voice-{vowel}", samples, hz, midi, offset, seed, vibrato=vibrato)
    for family, make in (("plucked", plucked), ("bowed", bowed), ("blown", blown)):
        for i, midi in enumerate(INSTRUMENT_NOTES):
            seed += 1
            offset = OFFSETS[(i * 2 + len(family)) % len(OFFSETS)]
            hz = note_hz(midi, offset)
            add(f"{family}-{midi}{offset:+d}", family, make(np.random.default_rng(seed), hz, n, ONSET, TONE_END),
                hz, midi, offset, seed)
    rng = np.random.default_rng(1000)
    white = rng.normal(0, 1, n)
    add("noise-white", "noise", white, seed=1000)
    pink = lfilter([0.049922035, -0.095993537, 0.050612699, -0.004408786],
                   [1, -2.494956002, 2.017265875, -0.522189400], rng.normal(0, 1, n))
    add("noise-pink", "noise", pink, seed=1000)
    add("noise-breath", "noise", lfilter([1, -0.9], [1], rng.normal(0, 1, n)) * envelope(n, ONSET, TONE_END),
        seed=1000)
    add("silence-zero", "silence", np.zeros(n), peak_dbfs=None)
    add("silence-hiss", "silence", rng.normal(0, 1, n), peak_dbfs=-70.0, seed=1000)
    notes = sung_notes(outdir)
    hard = hard_voices(outdir)
    (outdir / "manifest.json").write_text(json.dumps({
        "sampleRate": RATE, "fixtures": entries,
        # The detectors must meet these on every voiced file's steady segment.
        "limits": {"medianAbsoluteErrorCents": 2.0, "octaveErrorCents": 600.0, "minimumVoicedFraction": 0.9},
        "notes": notes,
        "hardVoices": hard,
        # What a sung note's commit (detector, then the commit rule) must meet over all `notes`: the stored
        # error's median and worst, and when a held note commits (seconds after its onset).
        "noteLimits": {"medianAbsoluteErrorCents": 0.5, "worstAbsoluteErrorCents": 2.0, "commitSeconds": [1.4, 1.8]},
    }, indent=1))
    return entries + notes + hard


NOTE_DURATION = 3.2
NOTE_END = 3.0


def harmonic_levels(samples, hz, onset):
    """The levels (dB) of the first two harmonics over the held part of a note."""
    held = samples[int((onset + 0.5) * RATE):int((NOTE_END - 0.2) * RATE)]
    spectrum = np.abs(np.fft.rfft(held * np.hanning(len(held))))
    bins = np.fft.rfftfreq(len(held), 1 / RATE)

    def level(f):
        near = (bins > f * 0.9) & (bins < f * 1.1)
        return 20 * np.log10(spectrum[near].max())
    return level(hz), level(2 * hz)


def sung_notes(outdir):
    """Held notes for the commit rule (3 s each, the singer starting at ONSET): what Sing It stores
    from a whole sung note, not frame by frame. Families: `vibrato-wide` (±30/60/100 ¢ on several
    vowels and pitches; the soprano "o" at A5 leaned sharp in a 40 ms window), `scoop` (sliding up
    80 ¢ into the note), `narrow-oo` (an "oo" whose narrow first formant sits on harmonic 2, ≥ 15 dB
    over the fundamental: read an octave high), `diplophonia` (alternating cycles, up to 4 % longer and
    40 % quieter: read an octave low). `target` is the note asked for; `sungOctave` the octave the
    singer sang it in (the stored answer is offsetCents + 1200 · sungOctave from the target)."""
    n = int(NOTE_DURATION * RATE)
    notes = []
    seed = 500

    def add(name, family, midi, offset, target, **shape):
        nonlocal seed
        seed += 1
        hz = note_hz(midi, offset)
        samples, (rate, phase) = voice(np.random.default_rng(seed), hz, shape.pop("vowel"), n, ONSET, NOTE_END, **shape)
        entry = {"file": f"{name}.wav", "family": family, "seed": seed, "expectedFrequency": hz, "note": midi,
                 "offsetCents": offset, "target": target, "sungOctave": (midi - target) // 12, "onset": ONSET,
                 "vibrato": {"depthCents": shape.get("depth", VIBRATO_CENTS), "rate": rate, "phase": phase}}
        if "scoop" in shape:
            entry["scoop"] = {"cents": shape["scoop"][0], "seconds": shape["scoop"][1]}
        if "diplophonia" in shape:
            entry["diplophonia"] = {"period": shape["diplophonia"][0], "amplitude": shape["diplophonia"][1]}
        if "formants" in shape:
            h1, h2 = harmonic_levels(samples, hz, ONSET)
            entry["harmonic2OverFundamentalDb"] = round(h2 - h1, 1)
            assert h2 - h1 >= 15, f"{name}: harmonic 2 only {h2 - h1:.1f} dB over the fundamental"
        write_wav(outdir / entry["file"], samples)
        notes.append(entry)

    for depth in (30, 60, 100):
        for vowel, midi, offset in (("o", 81, 0), ("a", 76, 7), ("i", 69, -23), ("u", 60, 0), ("e", 52, 23)):
            add(f"note-vibrato{depth}-{vowel}-{midi}{offset:+d}", "vibrato-wide", midi, offset, midi, vowel=vowel,
                depth=depth)
    for vowel, midi, seconds in (("a", 60, 0.15), ("o", 60, 0.3), ("e", 60, 0.45), ("a", 67, 0.3)):
        add(f"note-scoop{int(seconds * 1000)}-{vowel}-{midi}", "scoop", midi, 0, midi, vowel=vowel,
            scoop=(-80.0, seconds))
    for midi, offset, target in ((48, 0, 48), (50, -7, 50), (45, 7, 57)):
        hz = note_hz(midi, offset)
        add(f"note-narrow-oo-{midi}{offset:+d}", "narrow-oo", midi, offset, target, vowel="u",
            formants=((2 * hz, 700, 2530), (25, 60, 170)))
    for (period, amplitude), midi, offset, target in (((0.02, 0.2), 48, 0, 48), ((0.04, 0.4), 48, 7, 48),
                                                      ((0.04, 0.4), 43, -7, 55), ((0.04, 0.4), 57, 0, 57)):
        add(f"note-diplophonia{int(period * 100)}-{int(amplitude * 100)}-{midi}{offset:+d}", "diplophonia", midi,
            offset, target, vowel="a", diplophonia=(period, amplitude))
    notes += bright_brass(outdir)
    return notes


def hard_voices(outdir):
    """Held notes whose octave is easy to get wrong, each at 44.1 and 48 kHz (a browser's rates; the
    terminal's is 48 kHz), for the octave table (`bash scripts/bench.sh octaves`): what a listener names
    is the note asked for in `sungOctave`. Families:
    `diplophonia`: alternate glottal pulses 4 % of a period late and 40 % weaker (cycles alternately 8 %
      longer and shorter), from G2 to A4: heard at the pulse rate, with a rough, not a lower, pitch;
    `subharmonic`: a steady voice with a sine an octave below its fundamental, 20 dB under the voice;
    `weak-fundamental`: a low voice through a high-pass (4th order at 1.6 times the note), its
      fundamental ≥ 20 dB under harmonic 2 as over a telephone or a small speaker: heard at the note;
    `bright-brass`: the brass-like tone of `bright_brass`, harmonics 2–6 louder than the first, swept
      from B♭4 −40 ¢ to +40 ¢ so that its period falls everywhere between two lags."""
    notes = []
    for rate in (44_100, 48_000):
        n = int(NOTE_DURATION * rate)
        t = np.arange(n) / rate

        def add(name, family, midi, offset, samples, seed, **extra):
            entry = {"file": f"hard-{name}-{midi}{offset:+d}-{rate // 100}.wav", "family": family, "seed": seed,
                     "expectedFrequency": note_hz(midi, offset), "note": midi, "offsetCents": offset,
                     "target": midi, "sungOctave": 0, "onset": ONSET, "sampleRate": rate, **extra}
            write_wav(outdir / entry["file"], samples, rate=rate)
            notes.append(entry)

        for vowel, midi, offset in (("a", 43, 0), ("o", 48, 7), ("a", 52, -12), ("a", 57, 0), ("e", 50, 5),
                                    ("o", 69, -5)):
            seed = 900 + midi + rate // 100
            samples, (vibrato, phase) = voice(np.random.default_rng(seed), note_hz(midi, offset), vowel, n, ONSET,
                                              NOTE_END, depth=20, diplophonia=(0.08, 0.4), rate=rate)
            add(f"diplophonia-{vowel}", "diplophonia", midi, offset, samples, seed,
                vibrato={"depthCents": 20, "rate": vibrato, "phase": phase})
        for vowel, midi, offset in (("a", 45, 0), ("o", 52, 10), ("u", 60, -10)):
            seed = 950 + midi + rate // 100
            hz = note_hz(midi, offset)
            rng = np.random.default_rng(seed)
            samples, (vibrato, phase) = voice(rng, hz, vowel, n, ONSET, NOTE_END, depth=20, rate=rate)
            samples = samples / np.sqrt(np.mean(samples ** 2))
            below = np.sin(2 * np.pi * np.cumsum(np.full(n, hz / 2)) / rate) * np.sqrt(2) * 10 ** (-20 / 20)
            add(f"subharmonic-{vowel}", "subharmonic", midi, offset,
                samples + below * envelope(n, ONSET, NOTE_END, rate=rate), seed,
                vibrato={"depthCents": 20, "rate": vibrato, "phase": phase})
        for vowel, midi, offset in (("a", 40, 0), ("o", 43, 5), ("a", 48, -7), ("a", 55, 0)):
            seed = 980 + midi + rate // 100
            hz = note_hz(midi, offset)
            samples, (vibrato, phase) = voice(np.random.default_rng(seed), hz, vowel, n, ONSET, NOTE_END, depth=20,
                                              rate=rate)
            samples = sosfilt(butter(4, 1.6 * hz, "highpass", fs=rate, output="sos"), samples)
            add(f"weak-fundamental-{vowel}", "weak-fundamental", midi, offset, samples, seed,
                vibrato={"depthCents": 20, "rate": vibrato, "phase": phase})
        for offset in range(-40, 41, 10):
            seed = 1100 + offset + rate // 100
            add("brass", "bright-brass", 70, offset, brass_tone(np.random.default_rng(seed), note_hz(70, offset), t),
                seed, vibrato={"depthCents": 0.0, "rate": 0.0, "phase": 0.0})
    return notes


def bright_brass(outdir):
    """Brass-like held notes near B♭4 whose harmonics 2–6 are louder than the first, at 44.1 kHz (a
    browser's usual rate) and 48 kHz (a phone's, and the terminal's): the dip at the period is narrow,
    and where the period falls between two lags its samples lie over the detector's tolerance while
    the dip two periods on falls on a lag — 466 Hz at 44.1 kHz was stored an octave low."""
    notes = []
    for rate in (44_100, 48_000):
        n = int(NOTE_DURATION * rate)
        t = np.arange(n) / rate
        for midi, offset in ((70, 0), (70, 20), (70, -10), (70, 25)):
            seed = 700 + midi + offset + rate // 100
            hz = note_hz(midi, offset)
            name = f"note-brass-{midi}{offset:+d}-{rate // 100}.wav"
            write_wav(outdir / name, brass_tone(np.random.default_rng(seed), hz, t), rate=rate)
            notes.append({"file": name, "family": "bright-brass", "seed": seed, "expectedFrequency": hz,
                          "note": midi, "offsetCents": offset, "target": midi, "sungOctave": 0, "onset": ONSET,
                          "sampleRate": rate, "vibrato": {"depthCents": 0.0, "rate": 0.0, "phase": 0.0}})
    return notes


def brass_tone(rng, hz, t):
    """A steady brass-like tone at `hz` over the times `t` (their spacing sets the rate): harmonics 2–6
    louder than the first, no waver (a waver moves the period across lags, hiding the fault)."""
    rate = 1 / (t[1] - t[0])
    levels = (1.0, 2.0, 2.2, 2.0, 1.8, 1.5, 1.0, 0.7, 0.5, 0.3, 0.2, 0.1)
    tone = sum(level * np.sin(2 * np.pi * k * hz * t + rng.uniform(0, 2 * np.pi))
               for k, level in enumerate(levels, start=1) if k * hz < rate / 2 - 2000)
    tone = tone / np.sqrt(np.mean(tone ** 2)) + rng.normal(0, 10 ** (-40 / 20), len(t))
    return tone * np.clip((t - ONSET) / 0.04, 0, 1) * np.clip((NOTE_END - t) / 0.05, 0, 1)


def singer(hz, seconds, path, vowel="a", start=0.0, seed=7):
    """One long sung note (vibrato, jitter, breath), `start` seconds of silence first."""
    n = int(seconds * RATE)
    write_wav(path, voice(np.random.default_rng(seed), hz, vowel, n, start, seconds + 1.0)[0], -12.0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir", nargs="?")
    parser.add_argument("--singer", nargs=3, metavar=("HZ", "SECONDS", "FILE"))
    parser.add_argument("--vowel", default="a")
    parser.add_argument("--start", type=float, default=0.0)
    args = parser.parse_args()
    if args.singer:
        hz, seconds, path = args.singer
        singer(float(hz), float(seconds), pathlib.Path(path), args.vowel, args.start)
    elif args.outdir:
        entries = detector_fixtures(pathlib.Path(args.outdir))
        print(f"{len(entries)} fixtures and hard voices in {args.outdir}")
    else:
        parser.error("OUTDIR or --singer")


if __name__ == "__main__":
    main()
