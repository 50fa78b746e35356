"""kill -9 at random moments while clients stream answers loses no acknowledged answer."""
from data_safety import kill_drill


def test_sigkill_during_streamed_answers_loses_no_acknowledged_answer(tmp_path):
    result = kill_drill(tmp_path, kills=20, clients=3)
    print(f"\nkill drill: {result['kills']} SIGKILLs, {result['acknowledged']} answers acknowledged, "
          f"{result['stored']} stored, {result['served_after_restart']} served after the last restart")
    assert result["violations"] == []
    assert result["acknowledged"] > 20 * 3, "the clients hardly answered; the drill tested nothing"
    assert result["acknowledged"] <= result["stored"] <= result["acknowledged"] + 20 * 3
    assert result["served_after_restart"] == result["stored"]
