"""The browser's commit rule (web/js/audio/steady-pitch.js, as the server serves it) with the rules a sung
trial brings (`session.singing`, PeachCore's SingingRules) on the cases of Tests/Fixtures/steady-pitch.json,
which PeachCore's SteadyPitch answers alike (SteadyPitchFixtureTests): one rule, one set of numbers."""
import json

import pytest

from conftest import ROOT

RUN = """
const [rules, cases, done] = arguments;
import('/js/audio/steady-pitch.js').then(({ SteadyPitch }) => {
  done(cases.map(({ frames }) => {
    const steady = new SteadyPitch(rules);
    for (let index = 0; index < frames.length; index++) {
      const held = steady.push(frames[index][0], frames[index][1]);
      if (held !== null) return { index, cents: held };
    }
    return { index: null, cents: null };
  }));
}, (error) => done({ error: String(error) }));
"""


def test_the_browser_commits_the_shared_cases_where_swift_does(server, browser):
    cases = json.loads((ROOT / "Tests" / "Fixtures" / "steady-pitch.json").read_text())["cases"]
    trial = server.api("POST", "trials", json={"discipline": "pitchSinging"}).json()
    rules = trial["session"]["singing"]
    browser.get(server.url)
    results = browser.execute_async_script(RUN, rules, cases)
    assert "error" not in results, results
    assert len(results) == len(cases) >= 6
    for case, result in zip(cases, results):
        assert result["index"] == case["committedAt"], case["name"]
        if case["cents"] is not None:
            assert result["cents"] == pytest.approx(case["cents"], abs=1e-9), case["name"]
