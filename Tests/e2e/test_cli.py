"""The command line is consistent: the same spelling for the same thing in every subcommand, and an
error is one line on standard error with a non-zero exit status."""
import pathlib
import re
import subprocess

import pytest

from alsa_sink import FileSink
from conftest import PEACH

# Every subcommand `peach --help` lists, by whether it writes a file the user names. A new subcommand
# must be placed here, which is the point: it then gets -o/--output if it writes one.
WRITES_A_FILE = {"render", "profile", "export", "recover"}
WRITES_NO_FILE = {"serve", "phone", "train", "measure", "match", "sing", "rhythm", "intonation", "degrees", "chords", "dictation", "progressions", "play", "devices", "simulate", "import", "migrate", "users", "classes", "assignments"}


def peach(*arguments, **kwargs):
    return subprocess.run([PEACH, *map(str, arguments)], capture_output=True, text=True, timeout=60, **kwargs)


def subcommands():
    listed = peach("--help").stdout.split("SUBCOMMANDS:")[1].split("\n\n")[0]
    return {match[1] for match in re.finditer(r"^\s{2}(\S+)", listed, re.MULTILINE)}


def option_help(command, option):
    """The help text of one option, its continuation lines joined."""
    text = peach(command, "--help").stdout
    found = re.search(rf"^  ((?:-\w, )?{option}\b.*?)(?=^  -|\Z)", text, re.MULTILINE | re.DOTALL)
    return found and " ".join(found[1].split())


def test_every_subcommand_is_placed():
    assert subcommands() == WRITES_A_FILE | WRITES_NO_FILE


@pytest.mark.parametrize("command", sorted(WRITES_A_FILE))
def test_every_command_that_writes_a_file_takes_o_and_output(command):
    documented = option_help(command, "--output")
    assert documented and documented.startswith("-o, --output <"), peach(command, "--help").stdout
    # The spellings before -o/--output stay accepted, unlisted.
    for old in ("--out ", "--svg "):
        assert old not in peach(command, "--help").stdout


@pytest.mark.parametrize("option", ["--data", "--database", "--device"])
def test_shared_options_read_the_same_everywhere(option):
    texts = {command: option_help(command, option) for command in WRITES_A_FILE | WRITES_NO_FILE}
    helps = {text for text in texts.values() if text}
    assert len(helps) == 1, texts
    assert sum(1 for text in texts.values() if text) >= 3


def test_the_old_spellings_still_work(server, tmp_path):
    chart = tmp_path / "chart.svg"
    assert peach("profile", "--svg", chart, "--data", server.data_path).returncode == 0
    assert chart.read_text().startswith("<svg")
    exported = tmp_path / "records.csv"
    assert peach("export", "--out", exported, "--data", server.data_path).returncode == 0
    assert exported.read_text().startswith("# peach-records-format:")
    both = peach("export", "--out", exported, "-o", exported, "--data", server.data_path)
    assert both.returncode == 64 and "--out is the old spelling of -o/--output" in both.stderr


@pytest.mark.parametrize("arguments", [["progressions"], ["intonation"], ["train", "--interval", "P5"], ["play"]])
def test_every_tuning_option_refuses_a_word_other_than_equal_or_just_in_one_line(arguments, tmp_path):
    result = peach(*arguments, "--tuning", "pure", "--data", tmp_path / "p.sqlite") if arguments != ["play"] \
        else peach(*arguments, "--tuning", "pure")
    assert result.returncode == 64, result.stderr
    assert "--tuning must be equal or just, got 'pure'" in result.stderr
    assert not (tmp_path / "p.sqlite").exists()


@pytest.mark.parametrize("command", ["play", "train", "match"])
def test_a_missing_sound_card_is_one_line_naming_the_device_and_how_to_list_devices(command, tmp_path):
    result = peach(command, "--device", "hw:99", *([] if command == "play" else ["--data", tmp_path / "p.sqlite"]))
    assert result.returncode != 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "hw:99" in lines[0] and "peach devices" in lines[0]
    assert "ALSA lib" not in result.stderr and result.stdout == ""


def test_devices_lists_the_playback_devices_alsa_knows(tmp_path):
    sink = FileSink(tmp_path)
    result = peach("devices", env=sink.env)
    assert result.returncode == 0, result.stderr
    names = [line.split("\t")[0] for line in result.stdout.splitlines()]
    assert "null" in names and "peach_e2e" in names
    assert result.stderr == ""



@pytest.mark.parametrize("typed, suggested", [("trian", "train"), ("rythm", "rhythm"), ("exprot", "export")])
def test_a_mistyped_command_is_named_with_the_nearest_one(typed, suggested):
    # Without the check, serve (the default) would take the word and start serving: a short timeout.
    result = subprocess.run([PEACH, typed], capture_output=True, text=True, timeout=20)
    assert result.returncode == 64, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == f"Error: Unknown command '{typed}'. Did you mean '{suggested}'?"
    # peach's usage, not serve's.
    assert any(line.startswith("Usage: peach <subcommand>") for line in lines), result.stderr
    assert "serve" not in result.stderr and result.stdout == ""


def test_a_word_near_no_command_is_named_without_a_guess():
    result = subprocess.run([PEACH, "stats"], capture_output=True, text=True, timeout=20)
    assert result.returncode == 64
    assert result.stderr.splitlines()[0] == "Error: Unknown command 'stats'."
    assert "Did you mean" not in result.stderr


def test_the_overview_names_every_kind_of_training():
    overview = peach("--help").stdout.split("USAGE:")[0].lower()
    for trained in ("pitch", "intervals", "singing", "rhythm"):
        assert trained in overview, overview


@pytest.mark.parametrize("arguments", [["devices", "--midi"], ["train", "--midi", "all"], ["match", "--midi", "20:0"], ["degrees", "--midi", "all"], ["dictation", "--midi", "all"], ["progressions", "--midi", "all"], ["progressions", "--common", "--midi", "all"], ["sing", "--midi", "all"], ["rhythm", "--fill-the-gap", "--midi", "all"]])
def test_midi_on_a_machine_without_a_sequencer_is_one_line_and_exit_status_1(arguments, tmp_path):
    result = peach(*arguments, *([] if arguments[0] == "devices" else ["--data", tmp_path / "p.sqlite"]))
    missing = "Error: no MIDI sequencer on this machine (/dev/snd/seq missing)"
    if pathlib.Path("/dev/snd/seq").exists():
        # Where there is one (not in CI), the same command must not claim there is none.
        assert missing not in result.stderr, result.stderr
    else:
        assert result.returncode == 1, result
        assert result.stderr.splitlines() == [missing]
        assert result.stdout == ""


@pytest.mark.parametrize("flag", ["--fill-the-gap", "--calibrate"])
def test_tapping_in_the_terminal_without_midi_is_one_line_and_exit_status_1(flag, tmp_path):
    result = peach("rhythm", flag, "--data", tmp_path / "p.sqlite")
    assert result.returncode == 1, result
    assert result.stderr.splitlines() == [
        "Error: tapping needs a MIDI keyboard: give --midi PORT (`peach devices --midi` lists them); a key typed in a terminal cannot be timed"]
    assert result.stdout == ""
    assert not (tmp_path / "p.sqlite").exists(), "refused before anything is opened"
