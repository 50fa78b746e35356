"""A large import never starves the answers of a user who keeps training: the import writes in
bounded transactions, and every answer is stored while it runs."""
import random
import subprocess
import threading
import time

from conftest import PEACH
from data_safety import HEADER, valid_rows


def answer_while(server, running):
    """Answers comparisons through the API until `running` is cleared; returns the statuses."""
    statuses = []
    while running.is_set():
        comparison = server.api("POST", "comparisons").json()
        response = server.api("POST", f"comparisons/{comparison['id']}/answer", json={"answer": "higher"})
        statuses.append(response.status_code)
    return statuses


def test_answers_keep_being_stored_during_a_large_import(server, tmp_path):
    # Twelve chunks of the import's bounded transactions: enough to interleave answers between them.
    rows = 48_000
    source = tmp_path / "large.csv"
    source.write_text(HEADER + "\n".join(valid_rows(random.Random(15), rows)) + "\n")
    running = threading.Event()
    running.set()
    statuses = []
    trainer = threading.Thread(target=lambda: statuses.extend(answer_while(server, running)))
    trainer.start()
    try:
        # The CLI imports into the file the server is using, as a second process.
        began = time.monotonic()
        imported = subprocess.run([PEACH, "import", str(source), "--merge", "--data", str(server.data_path)],
                                  capture_output=True, text=True, timeout=600)
        seconds = time.monotonic() - began
    finally:
        running.clear()
        trainer.join()
    assert imported.returncode == 0, imported.stderr
    assert f"imported {rows} records" in imported.stdout
    assert statuses, "no answer was given during the import"
    assert set(statuses) == {200}, f"{statuses.count(503)} answers got 503 during a {seconds:.1f} s import"
    # Every acknowledged answer is stored next to the imported rows.
    stored = server.records(limit=10000)
    answered = [record for record in stored if record["timestamp"] > "2025"]
    assert len(answered) == len(statuses)
