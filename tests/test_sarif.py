"""SARIF output is valid against the official SARIF 2.1.0 schema and carries the findings."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from torchlint import __version__
from torchlint.lint.registry import all_rules

from .cli_helpers import PRINT_MODEL, position_of, run_cli, write

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text())


def validate(document: dict) -> None:
    validator = jsonschema.Draft4Validator(
        SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])


@pytest.fixture
def sarif(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "src/model.py", PRINT_MODEL)
    write(tmp_path, "src/dir with space/m.py", PRINT_MODEL)
    write(tmp_path, "src/broken.py", "def f(:\n")
    result = run_cli(["check", "--select", "TL301", "--output-format", "sarif", "src"])
    assert result.exit_code == 2
    return json.loads(result.stdout)


def test_sarif_is_valid_against_the_schema(sarif):
    validate(sarif)


def test_the_validator_rejects_a_broken_document(sarif):
    # The check above must be able to fail: a result without a message is invalid SARIF.
    broken = json.loads(json.dumps(sarif))
    del broken["runs"][0]["results"][0]["message"]
    with pytest.raises(AssertionError):
        validate(broken)


def test_sarif_content(sarif):
    assert sarif["version"] == "2.1.0"
    [run] = sarif["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "torchlint" and driver["version"] == __version__
    assert [rule["id"] for rule in driver["rules"]] == [rule.code for rule in all_rules()]
    results = run["results"]
    assert len(results) == 2
    line, column = position_of(PRINT_MODEL, 'print("x"')
    by_uri = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r for r in results}
    assert set(by_uri) == {"src/model.py", "src/dir%20with%20space/m.py"}
    result = by_uri["src/model.py"]
    assert result["ruleId"] == "TL301"
    assert driver["rules"][result["ruleIndex"]]["id"] == "TL301"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (line, column)
    assert result["level"] == "error"
    assert result["properties"]["targets"] == ["compile"]
    # The file that failed is a tool notification, and the run says it was not fully successful.
    [invocation] = run["invocations"]
    assert invocation["executionSuccessful"] is False
    [note] = invocation["toolExecutionNotifications"]
    assert note["level"] == "error"
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "src/broken.py"


def test_sarif_without_findings_is_valid(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "ok.py", "x = 1\n")
    result = run_cli(["check", "--output-format", "sarif", "ok.py"])
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    validate(document)
    assert document["runs"][0]["results"] == []
