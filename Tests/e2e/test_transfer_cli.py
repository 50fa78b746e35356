"""`peach export` and `peach import` on real database files, the way a user runs them."""
import json
import pathlib
import random
import sqlite3
import subprocess

from conftest import PEACH, ROOT
from data_safety import HEADER, record_count, valid_rows

# What Peach writes (format 9: with discipline, interval, tuning, a sung answer's octave, the rhythm
# fields, Which Voice's, Scale Degrees', Chord Quality's, Play it Back's and Chord Progressions', each progression chord's inversion); HEADER (format 1) still imports.
EXPORT_HEADER = ["# peach-records-format:9",
                 "discipline,timestamp,interval,direction,tuningSystem,note1,note2,note2CentOffset,isCorrect,"
                 "referenceNote,initialCentOffset,userCentError,sungOctave,tempoBPM,offsetPercent,offsetMs,"
                 "meanOffsetMs,offsetSDMs,hitRate,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,"
                 "meanOffsetMsPosition3,rootNote,triad,detunedVoice,detuneCents,answeredVoice,tonicNote,mode,degree,"
                 "answeredDegree,quality,inversion,voicing,answeredQuality,melody,answer,correctNotes,progression,inversions,correctChords"]


def peach(*arguments):
    return subprocess.run([PEACH, *map(str, arguments)], capture_output=True, text=True, timeout=300)


def test_export_then_import_into_another_database_round_trips(server, tmp_path):
    for answer in ("higher", "lower", "higher"):
        comparison = server.api("POST", "comparisons").json()
        assert server.api("POST", f"comparisons/{comparison['id']}/answer", json={"answer": answer}).status_code == 200
    exported = tmp_path / "export.csv"
    # The server keeps running: an export is a consistent read beside it.
    result = peach("export", "-o", exported, "--data", server.data_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("exported 3 records to ")
    lines = exported.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == EXPORT_HEADER and len(lines) == 5

    copy = tmp_path / "copy.sqlite"
    first = peach("import", exported, "--merge", "--data", copy)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(
        "imported 3 records (3 pitchComparison, 0 intervalComparison, 0 pitchMeasurement, 0 intervalMeasurement, 0 pitchMatching, 0 intervalMatching, "
        "0 pitchSinging, 0 intervalSinging, 0 rhythmComparison, 0 timingMeasurement, 0 rhythmMatching, 0 chordIntonation, 0 chordIntonationMeasurement, 0 scaleDegree, 0 chordQuality, 0 melodicDictation, 0 chordProgression, 0 commonProgression) from Peach records format 9")
    again = peach("import", exported, "--merge", "--data", copy)
    assert "imported 0 records" in again.stdout and "3 duplicates skipped" in again.stdout
    assert record_count(copy) == 3
    reexported = tmp_path / "again.csv"
    # --out, the spelling before -o/--output, still works.
    assert peach("export", "--out", reexported, "--data", copy).returncode == 0
    assert reexported.read_bytes() == exported.read_bytes()


def test_a_bad_row_rejects_the_whole_file_naming_its_line(tmp_path):
    data = tmp_path / "peach.sqlite"
    good = tmp_path / "good.csv"
    good.write_text(HEADER + "\n".join(valid_rows(random.Random(1), 10)) + "\n")
    assert peach("import", good, "--replace", "--data", data).returncode == 0
    bad = tmp_path / "bad.csv"
    rows = valid_rows(random.Random(2), 10)
    rows[6] = rows[6].split(",", 1)[0] + ",2026-13-01T00:00:00.000Z," + rows[6].split(",", 2)[2]
    bad.write_text(HEADER + "\n".join(rows) + "\n")
    result = peach("import", bad, "--replace", "--data", data)
    assert result.returncode == 1
    assert "nothing was imported: line 9: timestamp '2026-13-01T00:00:00.000Z'" in result.stderr
    assert record_count(data) == 10


def test_the_iphone_export_maps_every_row(tmp_path):
    data = tmp_path / "peach.sqlite"
    result = peach("import", ROOT / "Tests/Fixtures/iphone/peach-export-format-3.csv", "--merge", "--data", data)
    assert result.returncode == 0, result.stderr
    # Unison, interval and both rhythm disciplines' rows are all imported, each in its discipline (the
    # Fill the Gap row without the hit rate the app never recorded); nothing is left out.
    assert result.stdout.splitlines() == [
        "imported 7 records (2 pitchComparison, 1 intervalComparison, 0 pitchMeasurement, 0 intervalMeasurement, 1 pitchMatching, 1 intervalMatching, 0 pitchSinging, 0 intervalSinging, 1 rhythmComparison, 0 timingMeasurement, 1 rhythmMatching, 0 chordIntonation, 0 chordIntonationMeasurement, 0 scaleDegree, 0 chordQuality, 0 melodicDictation, 0 chordProgression, 0 commonProgression) "
        "from Peach for iPhone export format 3, merge mode; 0 duplicates skipped",
    ]


def test_a_large_import_shows_progress(tmp_path):
    large = tmp_path / "large.csv"
    large.write_text(HEADER + "\n".join(valid_rows(random.Random(3), 120_000)) + "\n")
    result = peach("import", large, "--replace", "--data", tmp_path / "peach.sqlite")
    assert result.returncode == 0, result.stderr
    # One line per tenth reached; a megabyte read at a time may pass a tenth over.
    tenths = [int(line.split()[1].rstrip("%")) for line in result.stderr.splitlines() if line.startswith("importing ")]
    assert tenths == sorted(set(tenths)) and tenths[-1] == 100 and len(tenths) >= 5, result.stderr
    assert result.stdout.startswith("imported 120000 records")
    # The import folded its records into the server's profile snapshot: the next start replays none.
    snapshot = json.loads((tmp_path / "cache" / "peach.sqlite.profile.json").read_text())
    with sqlite3.connect(tmp_path / "peach.sqlite") as database:
        newest = {table: database.execute(f"SELECT max(id) FROM {table}").fetchone()[0] for table in ("comparison", "pitchMatching")}
    assert snapshot["marks"]["comparison"]["last"]["id"] == newest["comparison"]
    assert snapshot["marks"]["matching"]["last"]["id"] == newest["pitchMatching"]


def test_the_mode_must_be_chosen_and_export_needs_a_database(tmp_path):
    file = pathlib.Path(tmp_path / "f.csv")
    file.write_text(HEADER)
    assert peach("import", file, "--data", tmp_path / "x.sqlite").returncode == 64
    assert peach("import", file, "--merge", "--replace", "--data", tmp_path / "x.sqlite").returncode == 64
    missing = peach("export", "--output", tmp_path / "out.csv", "--data", tmp_path / "none.sqlite")
    assert missing.returncode != 0 and missing.stderr.splitlines() == [f"Error: there is no Peach database at {tmp_path / 'none.sqlite'}"]
    assert peach("export", "--data", tmp_path / "none.sqlite").returncode == 64
