"""`peach progressions` (Chord Progressions) driven through a pseudo-terminal, its sound going to a
real ALSA device that writes to a file: each progression is named by its scale steps or its
numerals, stored for the server with each chord judged, and marked chord by chord on the screen;
with --common, a common progression named as a whole by its number, its name or its numerals."""
import os
import re
import shlex

from alsa_sink import DEVICE, FileSink
from conftest import PEACH
from test_terminal import Tmux, feedback_lines

ANNOUNCED = re.compile(r"^Key: .*; (\d) chords\. Choose from (.*)\.$")
# A German locale would make the command speak German.
ENGLISH = {"LC_ALL": "C.UTF-8"}



def answer_until_counted(tmux, line, index):
    """Types `line` until the feedback of progression `index` shows: a line typed before the
    progression has played is refused."""
    for _ in range(40):
        tmux.keys(line, "Enter")
        lines = tmux.wait_for(lambda lines: len(feedback_lines(lines, r"^[✓✗] ")) > index, timeout=0.5)
        if len(feedback_lines(lines, r"^[✓✗] ")) > index:
            return


def quit_cleanly(tmux):
    """Quits with q and returns the screen's lines once the command has exited with 0."""
    tmux.keys("q", "Enter")
    lines = tmux.wait_for(lambda lines: "EXIT=0" in lines, timeout=10)
    assert "EXIT=0" in lines, lines
    return lines

def test_three_progressions_in_the_terminal_are_stored_with_each_chord_judged(server, tmp_path):
    sink = FileSink(tmp_path)
    command = (f"{shlex.quote(PEACH)} progressions --tuning just --device {DEVICE} "
               f"--data {shlex.quote(str(server.data_path))}")
    tmux = Tmux(f"peach-e2e-{os.getpid()}-progressions", command, ENGLISH | {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    typed = []
    try:
        for index in range(3):
            lines = tmux.wait_for(lambda lines: len([l for l in lines if ANNOUNCED.match(l)]) > index, timeout=20)
            length, choices = ANNOUNCED.match([l for l in lines if ANNOUNCED.match(l)][index]).groups()
            # "I (1) IV (4) V (5)": named by scale steps, then by numerals, then by steps again; right or wrong by chance.
            pairs = re.findall(r"(\S+) \((\d)\)", choices)
            assert [numeral for numeral, _ in pairs] == ["I", "IV", "V"], choices
            answer = [pairs[(index + place) % 3][index % 2 == 0 and 1 or 0] for place in range(int(length))]
            typed.append(answer)
            answer_until_counted(tmux, " ".join(answer), index)
        lines = quit_cleanly(tmux)
    finally:
        tmux.close()

    records = server.api("GET", "records?discipline=chordProgression&limit=10").json()["records"]
    records.sort(key=lambda record: record["timestamp"])
    assert len(records) == 3
    steps = {"1": "I", "4": "IV", "5": "V"}
    for record, answer, line in zip(records, typed, feedback_lines(lines, r"^[✓✗] ")):
        named = [steps.get(token, token) for token in answer]
        assert record["answer"] == " ".join(named) and record["tuningSystem"] == "justIntonation"
        played = record["progression"].split()
        marks = " ".join(f"{n}{'✓' if n == p else '✗'}" for n, p in zip(named, played))
        wanted = f"✓ {marks}" if named == played else f"✗ {marks} — it was {record['progression']}"
        assert line.replace("\a", "") == wanted, line
    assert sink.samples().size > 0


def test_with_inversions_the_feedback_names_each_chord_with_its_figure(server, tmp_path):
    sink = FileSink(tmp_path)
    command = (f"{shlex.quote(PEACH)} progressions --inversions --device {DEVICE} "
               f"--data {shlex.quote(str(server.data_path))}")
    tmux = Tmux(f"peach-e2e-{os.getpid()}-inversions", command, ENGLISH | {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    inverted = re.compile(r"^Key: .*; (\d) chords, inversions too\. Choose from (.*)\.$")
    try:
        for index in range(4):
            lines = tmux.wait_for(lambda lines: len([l for l in lines if inverted.match(l)]) > index, timeout=20)
            length = int(inverted.match([l for l in lines if inverted.match(l)][index]).group(1))
            # Every chord named I, by its step or with a figure (I6, I64: read as I): the feedback
            # names the chords played, right ones with their figure.
            answer_until_counted(tmux, " ".join(["1", "I6", "I64"][place % 3] for place in range(length)), index)
        lines = quit_cleanly(tmux)
    finally:
        tmux.close()

    figured = re.compile(r"^(I|IV|V)(⁶|⁶₄)?$")
    lines = feedback_lines(lines, r"^[✓✗] ")
    assert len(lines) == 4
    inversions = 0
    for line in lines:
        # A progression never repeats a chord at once: naming every chord I is wrong somewhere.
        wanted = re.fullmatch(r"✗\a? (.+) — it was (.+)", line)
        assert wanted, line
        marks, played = wanted.group(1).split(), wanted.group(2).split()
        assert all(figured.match(chord) for chord in played) and played[-1] in ("I", "IV", "V"), line
        # A right chord is shown as played, with its figure; a wrong one as named.
        assert marks == [f"{chord}✓" if chord.startswith("I") and not chord.startswith("IV") else "I✗" for chord in played], line
        inversions += sum(chord[-1] in "⁶₄" for chord in played)
    # Most progressions of I, IV and V invert a chord where the bass can step.
    assert inversions > 0, lines
    # Each record keeps the inversions the feedback named.
    records = server.api("GET", "records?discipline=chordProgression&limit=10").json()["records"]
    records.sort(key=lambda record: record["timestamp"])
    figures = {"": "0", "⁶": "1", "⁶₄": "2"}
    assert [record["inversions"] for record in records] == [
        " ".join(figures[figured.match(chord).group(2) or ""] for chord in line.split(" — it was ")[1].split())
        for line in lines]


def test_common_progressions_in_the_terminal_are_named_by_number_name_or_numerals(server, tmp_path):
    sink = FileSink(tmp_path)
    command = (f"{shlex.quote(PEACH)} progressions --common --progressions ii-V-I,12-bar-blues,I-IV-V-I "
               f"--device {DEVICE} --data {shlex.quote(str(server.data_path))}")
    tmux = Tmux(f"peach-e2e-{os.getpid()}-common", command, ENGLISH | {"ALSA_CONFIG_PATH": sink.env["ALSA_CONFIG_PATH"]})
    announced = re.compile(r"^Key: [^;]*\. Choose from (.*)\.$")
    # The first by its number, the second by its name, the third by its numerals: right or wrong by chance.
    typed = ["3", "ii-V-I", "I IV V I"]
    try:
        for index, line in enumerate(typed):
            lines = tmux.wait_for(lambda lines: len([l for l in lines if announced.match(l)]) > index, timeout=30)
            choices = announced.match([l for l in lines if announced.match(l)][index]).group(1)
            assert choices == "1 I–IV–V–I · 2 ii–V–I · 3 12-bar blues", choices
            answer_until_counted(tmux, line, index)
        lines = quit_cleanly(tmux)
    finally:
        tmux.close()

    records = server.api("GET", "records?discipline=commonProgression&limit=10").json()["records"]
    records.sort(key=lambda record: record["timestamp"])
    assert len(records) == 3
    names = {"ii V I": "ii–V–I", "I I I I IV IV I I V7 IV I I": "12-bar blues", "I IV V I": "I–IV–V–I"}
    named = ["I I I I IV IV I I V7 IV I I", "ii V I", "I IV V I"]
    for record, answer, line in zip(records, named, feedback_lines(lines, r"^[✓✗] ")):
        assert record["answer"] == answer and record["mode"] == "major"
        played = names[record["progression"]]
        wanted = f"✓ {played}" if record["progression"] == answer else f"✗ it was {played}, not {names[answer]}"
        assert line.replace("\a", "") == wanted, line
    assert sink.samples().size > 0


def test_a_german_locale_or_setting_makes_it_speak_german(server, tmp_path):
    """Chord by chord under a German locale; a common progression with the language chosen in
    Settings, whatever the locale."""
    sink = FileSink(tmp_path)
    alsa = sink.env["ALSA_CONFIG_PATH"]
    data = shlex.quote(str(server.data_path))
    announced = re.compile(r"^Tonart: \S+-(Dur|Moll); (\d) Akkorde\. Wähle aus I \(1\) IV \(4\) V \(5\)\.$")
    tmux = Tmux(f"peach-e2e-{os.getpid()}-german", f"{shlex.quote(PEACH)} progressions --device {DEVICE} --data {data}",
                {"ALSA_CONFIG_PATH": alsa, "LC_ALL": "", "LANG": "de_DE.UTF-8"})
    try:
        lines = tmux.wait_for(lambda lines: any(announced.match(l) for l in lines), timeout=20)
        assert lines[0].startswith("Akkordfolgen: eine Kadenz, dann die Akkorde. Benenne jeden"), lines
        length = int(next(announced.match(l) for l in lines if announced.match(l)).group(2))
        answer_until_counted(tmux, " ".join(["1"] * length), 0)
        lines = quit_cleanly(tmux)
    finally:
        tmux.close()
    # I named for every chord: a progression never repeats a chord at once, so it is wrong.
    assert re.fullmatch(r"✗\a? (I[✓✗] ?)+ — es war .+", feedback_lines(lines, r"^[✓✗] ")[0]), lines

    assert server.api("PUT", "settings", json={"language": "de"}).status_code == 200
    command = (f"{shlex.quote(PEACH)} progressions --common --progressions ii-V-I,12-bar-blues "
               f"--device {DEVICE} --data {data}")
    tmux = Tmux(f"peach-e2e-{os.getpid()}-german-common", command,
                {"ALSA_CONFIG_PATH": alsa, "LC_ALL": "C.UTF-8"})
    try:
        lines = tmux.wait_for(lambda lines: any(l.startswith("Tonart: ") for l in lines), timeout=30)
        assert lines[0].startswith("Bekannte Akkordfolgen: eine Kadenz, dann eine Akkordfolge."), lines
        assert re.fullmatch(r"Tonart: \S+-Dur\. Wähle aus 1 ii–V–I · 2 12-taktiger Blues\.", lines[1]), lines
        answer_until_counted(tmux, "12-taktiger Blues", 0)
        lines = quit_cleanly(tmux)
    finally:
        tmux.close()
    record = server.api("GET", "records?discipline=commonProgression&limit=1").json()["records"][0]
    wanted = "✓ 12-taktiger Blues" if record["progression"] == record["answer"] else "✗ es war ii–V–I, nicht 12-taktiger Blues"
    assert feedback_lines(lines, r"^[✓✗] ")[0].replace("\a", "") == wanted, lines
