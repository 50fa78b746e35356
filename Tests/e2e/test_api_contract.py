"""The OpenAPI document is the API's contract: schemathesis sends requests generated from it and
checks every response against it (status code documented, content type, body schema)."""
from data_safety import schemathesis_run

CONFORMANCE = ("not_a_server_error,status_code_conformance,content_type_conformance,"
               "response_schema_conformance")


def test_every_response_conforms_to_the_openapi_document(server):
    result = schemathesis_run(server.url, max_examples=8, seed=11, checks=CONFORMANCE)
    print(f"\nschemathesis conformance: {result['requests']} requests, statuses {result['statuses']}")
    assert result["requests"] > 100, result["output"]
    assert result["exit_code"] == 0, result["output"]
