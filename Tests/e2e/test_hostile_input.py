"""Hostile input: a bounded schemathesis run of the whole API and a fuzz of the importer."""
from data_safety import import_fuzz, schemathesis_run


def test_schemathesis_finds_no_server_error(server):
    result = schemathesis_run(server.url, max_examples=12)
    print(f"\nschemathesis: {result['requests']} requests, statuses {result['statuses']}")
    assert result["requests"] > 100, result["output"]
    assert result["server_errors"] == 0, result["output"]
    assert result["exit_code"] == 0, result["output"]
    assert server.api("GET", "health").status_code == 200


def test_hostile_files_import_whole_or_not_at_all(server):
    result = import_fuzz(server, rounds=200)
    print(f"\nimport fuzz: {result['files']} files, statuses {result['statuses']}")
    assert result["violations"] == []
    assert result["statuses"].get(400, 0) > 50 and result["statuses"].get(200, 0) > 10
    assert result["statuses"].get(413, 0) + result["statuses"].get("closed", 0) == 1
