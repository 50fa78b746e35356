"""The rhythm disciplines' clicks as the client schedules them (web/js/audio/clicks.js, the server's click
WAV), rendered in an OfflineAudioContext and measured: every click's onset against its scheduled
time, and Compare Timing's displaced click against the API's offset."""
import base64
import struct

import numpy as np

START = 0.05

RENDER_SCRIPT = """
const [clickSeconds, start, until, done] = arguments;
Promise.all([import('/js/audio/clicks.js')]).then(async ([clicks]) => {
  const click = await clicks.loadClick();
  // At the click's own rate, so the render is the client's scheduling and nothing else.
  const rate = click.sampleRate;
  // To the last click's end, or to `until` (trial seconds) if later.
  const seconds = start + Math.max(until, Math.max(...clickSeconds) + click.duration) + 0.05;
  const context = new OfflineAudioContext(1, Math.ceil(seconds * rate), rate);
  clicks.scheduleClicks(context, click, clickSeconds, start);
  const buffer = await context.startRendering();
  const encode = (floats) => {
    const bytes = new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength);
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  };
  done({ samples: encode(buffer.getChannelData(0)), click: encode(click.getChannelData(0)), rate });
}).catch((error) => done({ error: String(error) }));
"""


def render(browser, server, click_seconds, until=0):
    browser.get(server.url)
    result = browser.execute_async_script(RENDER_SCRIPT, click_seconds, START, until)
    assert "error" not in result, result.get("error")
    decode = lambda text: np.frombuffer(base64.b64decode(text), dtype=np.float32).astype(np.float64)
    return decode(result["samples"]), decode(result["click"]), result["rate"]


def onsets(samples, click, rate, expected_seconds):
    """Each click's onset in seconds: the lag (to a fraction of a sample, by parabolic interpolation)
    at which the click's attack best matches the render near where it was scheduled."""
    attack = click[:int(0.01 * rate)]
    search = int(0.002 * rate)
    found = []
    for expected in expected_seconds:
        centre = int(round(expected * rate))
        lags = np.arange(-search, search + 1)
        scores = np.array([np.dot(samples[centre + lag:centre + lag + len(attack)], attack) for lag in lags])
        best = int(np.argmax(scores))
        assert 0 < best < len(lags) - 1, f"no click near {expected:.4f} s"
        left, middle, right = scores[best - 1:best + 2]
        fraction = 0.5 * (left - right) / (left - 2 * middle + right)
        found.append((centre + lags[best] + fraction) / rate)
    return np.array(found)


def test_the_click_is_short_and_sounds_from_its_first_sample(server):
    """What scheduling a click at its time relies on: its onset is sample 0, not after leading silence."""
    response = server.api("GET", "sounds/click.wav")
    assert response.status_code == 200
    data = response.content
    channels, rate = struct.unpack_from("<HI", data, data.index(b"fmt ") + 10)
    start = data.index(b"data") + 8
    click = np.frombuffer(data[start:start + struct.unpack_from("<I", data, start - 4)[0]], dtype="<f4").astype(np.float64)
    assert channels == 1
    assert len(click) / rate <= 0.06
    peak = np.max(np.abs(click))
    assert 0.1 < peak <= 1
    assert np.max(np.abs(click[:int(0.0005 * rate)])) > 0.05 * peak, "the click starts within half a millisecond"


def test_every_click_onset_is_within_a_tenth_of_a_millisecond_of_its_time(server, browser):
    # 137 BPM: a sixteenth that is no whole number of samples, so sub-sample starts count too.
    for tempo in (40, 137, 200):
        assert server.api("PUT", "settings", json={"tempoBPM": tempo}).status_code == 200
        trial = server.api("POST", "trials", json={"discipline": "rhythmMatching"}).json()
        samples, click, rate = render(browser, server, trial["clickSeconds"], until=max(trial["gapSeconds"]) + 0.01)
        assert np.max(np.abs(samples)) > 0.1, "the clicks are audible"
        expected = START + np.array(trial["clickSeconds"])
        errors_ms = (onsets(samples, click, rate, expected) - expected) * 1000
        assert len(errors_ms) == 48
        assert np.max(np.abs(errors_ms)) <= 0.1, f"{tempo} BPM: onsets off by up to {np.max(np.abs(errors_ms)):.4f} ms"
        # Nothing sounds in a gap: the render there is only the previous click's tail, far below a click.
        for gap in trial["gapSeconds"]:
            at = int(round((START + gap) * rate))
            assert np.max(np.abs(samples[at:at + int(0.002 * rate)])) < 0.05 * np.max(np.abs(click)), f"sound in the gap at {gap}"


def test_the_displaced_click_is_off_by_exactly_the_apis_offset(server, browser):
    assert server.api("PUT", "settings", json={"tempoBPM": 120}).status_code == 200
    for _ in range(4):
        trial = server.api("POST", "trials", json={"discipline": "rhythmComparison"}).json()
        samples, click, rate = render(browser, server, trial["clickSeconds"])
        found = onsets(samples, click, rate, START + np.array(trial["clickSeconds"]))
        sixteenth = trial["sixteenthSeconds"]
        # The steady clicks a sixteenth apart; the third where the offset puts it.
        assert abs((found[1] - found[0]) - sixteenth) * 1000 <= 0.05
        assert abs((found[3] - found[0]) - 3 * sixteenth) * 1000 <= 0.05
        displacement_ms = (found[2] - found[0] - 2 * sixteenth) * 1000
        assert abs(displacement_ms - trial["offsetMs"]) <= 0.05, (displacement_ms, trial["offsetMs"])
        answer = server.api("POST", f"trials/{trial['id']}/answer", json={"answer": "early"})
        assert answer.status_code == 200
