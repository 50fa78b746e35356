"""The browser's one mapping from the audio clock to what the listener hears (web/js/audio/clock.js), on
contexts whose latencies are known: a sound scheduled at t is heard baseLatency + outputLatency later,
and the buttons of a comparison open only once note 2 is heard."""
import pytest

from test_comparison_training import start_training, wait_enabled

MAPPING = """
const [cases, done] = arguments;
import('/js/audio/clock.js').then(({ audibleTime, heardAt, outputDelay }) => {
  done(cases.map((context) => ({
    delay: outputDelay(context),
    audible: audibleTime(context),
    // No output timestamp: an event 100 ms ago was heard 0.1 s before what is audible now.
    heard: heardAt({ ...context, getOutputTimestamp: undefined }, performance.now() - 100) - audibleTime(context),
    // With one: the output's own pairing of context and performance time, nothing subtracted again.
    paired: heardAt({ ...context, getOutputTimestamp: () => ({ contextTime: 7, performanceTime: 1000 }) }, 1250),
  })));
}, (error) => done({ error: String(error) }));
"""


def test_the_audio_clock_maps_to_what_is_heard_less_both_latencies(server, browser):
    browser.get(server.url)
    cases = [
        {"currentTime": 10.0, "baseLatency": 0.005, "outputLatency": 0.02},
        {"currentTime": 3.0, "baseLatency": 0.01, "outputLatency": 0},
        {"currentTime": 3.0, "outputLatency": 0.04},
        {"currentTime": 1.0},
    ]
    results = browser.execute_async_script(MAPPING, cases)
    assert "error" not in results, results
    for context, result in zip(cases, results):
        delay = context.get("baseLatency", 0) + context.get("outputLatency", 0)
        assert result["delay"] == pytest.approx(delay)
        assert result["audible"] == pytest.approx(context["currentTime"] - delay)
        assert result["heard"] == pytest.approx(-0.1, abs=0.005)
        assert result["paired"] == pytest.approx(7.25)


# Watches the buttons from the page itself: the moment one is enabled, what the output plays then
# (the context's own output timestamp, independent of clock.js) against note 2's start.
WATCH = """
const done = arguments[0];
import('/js/audio/audio.js').then(({ realtimeContext }) => {
  const context = realtimeContext();
  const higher = document.getElementById('answer-higher');
  const screen = document.getElementById('screen-comparison');
  const observer = new MutationObserver(() => {
    if (higher.disabled) return;
    observer.disconnect();
    const output = context.getOutputTimestamp();
    const heard = output.contextTime + (performance.now() - output.performanceTime) / 1000;
    done({ heard, note2Start: +screen.dataset.note2Start,
           latency: (context.baseLatency || 0) + (context.outputLatency || 0) });
  });
  observer.observe(higher, { attributes: true, attributeFilter: ['disabled'] });
});
"""


def test_answers_open_only_once_note_2_is_heard(server, browser):
    start_training(server, browser, noteDurationSeconds=0.5)
    for _ in range(3):
        wait_enabled(browser)
        browser.execute_script("document.getElementById('answer-higher').click()")
        result = browser.execute_async_script(WATCH)
        assert result["latency"] > 0, "a context without latency proves nothing"
        early = result["note2Start"] - result["heard"]
        assert early <= 0.002, f"answers opened {early * 1000:.1f} ms before note 2 was heard"
