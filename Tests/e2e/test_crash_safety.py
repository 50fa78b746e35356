"""kill -9 at random moments while clients stream answers loses no acknowledged answer."""
from data_safety import assert_no_acknowledged_answer_lost, kill_drill


def test_sigkill_during_streamed_answers_loses_no_acknowledged_answer(tmp_path):
    result = kill_drill(tmp_path, kills=20, clients=3)
    print(f"\nkill drill: {result['kills']} SIGKILLs, {result['acknowledged']} answers acknowledged, "
          f"{result['stored']} stored, {result['served_after_restart']} served after the last restart")
    assert_no_acknowledged_answer_lost(result, kills=20, clients=3)


def test_sigkill_during_twenty_concurrent_writers_keeps_every_acknowledged_answer(tmp_path):
    # Twenty clients answering at once: their answers share group-committed transactions, and a kill
    # lands while batches are being written. Every acknowledged answer must have been in a commit.
    result = kill_drill(tmp_path, kills=8, clients=20, seed=20)
    print(f"\ngroup-commit kill drill: {result['kills']} SIGKILLs, {result['acknowledged']} answers acknowledged, "
          f"{result['stored']} stored")
    assert_no_acknowledged_answer_lost(result, kills=8, clients=20)
