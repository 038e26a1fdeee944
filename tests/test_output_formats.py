"""The `junit` and `gitlab` output formats, one location format for every text output, and
`--show-settings` / `--show-files`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from torchlint.lint.diagnostics import Diagnostic, FileError
from torchlint.lint.reporters import (
    OUTPUT_FORMATS,
    Report,
    format_github,
    format_location,
    gitlab_document,
    render,
)

from .cli_helpers import CLEAN_MODEL, PRINT_MODEL, position_of, run_cli, run_json, write

GITLAB_KEYS = {"description", "check_name", "fingerprint", "severity", "location"}
GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "pkg/model.py", PRINT_MODEL)
    write(tmp_path, "pkg/clean.py", CLEAN_MODEL)
    write(tmp_path, "pkg/broken.py", "x = (\n")
    return tmp_path


def test_every_format_is_a_choice_of_check():
    for output_format in ("junit", "gitlab"):
        assert output_format in OUTPUT_FORMATS
        result = run_cli(["check", "--output-format", output_format, "--help"])
        assert result.exit_code == 0
    assert "junit" in run_cli(["check", "--help"]).stdout


def test_junit_is_xml_with_a_case_per_finding_and_errors_for_broken_files(project):
    _, document = run_json(["pkg"])
    result = run_cli(["check", "--output-format", "junit", "pkg"])
    assert result.exit_code == 2  # a file could not be linted
    root = ET.fromstring(result.stdout)  # parses: well-formed XML
    assert root.tag == "testsuites"
    findings, errors = document["diagnostics"], document["errors"]
    assert int(root.get("failures")) == len(findings) > 0
    assert int(root.get("errors")) == len(errors) > 0
    suites = {suite.get("name"): suite for suite in root.iter("testsuite")}
    assert set(suites) == {d["path"] for d in findings} | {e["path"] for e in errors}
    cases = [case for case in suites["pkg/model.py"].iter("testcase")]
    assert len(cases) == sum(d["path"] == "pkg/model.py" for d in findings)
    for case, finding in zip(cases, (d for d in findings if d["path"] == "pkg/model.py")):
        failure = case.find("failure")
        assert failure is not None and failure.get("type") == finding["code"]
        assert failure.get("message") == finding["message"]
        assert case.get("line") == str(finding["line"])
        assert case.get("file") == "pkg/model.py"
    [broken] = suites["pkg/broken.py"].iter("testcase")
    error = broken.find("error")
    assert error is not None and error.get("message") == errors[0]["message"]
    assert broken.get("line") == str(errors[0]["line"])


def test_junit_of_a_clean_run_is_one_passing_case(project):
    result = run_cli(["check", "--output-format", "junit", "pkg/clean.py"])
    assert result.exit_code == 0
    root = ET.fromstring(result.stdout)
    cases = list(root.iter("testcase"))
    assert len(cases) == 1 and not list(cases[0])
    assert root.get("failures") == root.get("errors") == "0"


def test_junit_escapes_what_xml_cannot_hold_raw():
    finding = Diagnostic("a&b.py", 1, 1, 1, 2, "TL301", "x", 'say "<hi>" & <bye>')
    text = render(Report(diagnostics=[finding]), "junit")
    failure = ET.fromstring(text).find(".//failure")
    assert failure is not None and failure.get("message") == finding.message


def test_gitlab_report_has_the_documented_keys(project):
    _, document = run_json(["pkg"])
    result = run_cli(["check", "--output-format", "gitlab", "pkg"])
    issues = json.loads(result.stdout)
    assert isinstance(issues, list)
    assert len(issues) == len(document["diagnostics"]) + len(document["errors"])
    for issue in issues:
        assert set(issue) == GITLAB_KEYS
        assert issue["severity"] in GITLAB_SEVERITIES
        assert isinstance(issue["location"]["lines"]["begin"], int)
    by_code = [i for i in issues if i["check_name"] != "torchlint-error"]
    for issue, finding in zip(by_code, document["diagnostics"]):
        assert issue["check_name"] == finding["code"]
        assert issue["location"] == {
            "path": finding["path"],
            "lines": {"begin": finding["line"], "end": finding["end_line"]},
        }
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    [error] = [i for i in issues if i["check_name"] == "torchlint-error"]
    assert error["location"]["path"] == "pkg/broken.py"


def test_gitlab_fingerprints_survive_a_rerun_and_moved_code(project):
    def fingerprints() -> dict[str, str]:
        issues = json.loads(run_cli(["check", "--output-format", "gitlab", "pkg"]).stdout)
        return {i["check_name"]: i["fingerprint"] for i in issues}

    before = fingerprints()
    assert before == fingerprints()
    write(project, "pkg/model.py", "# a comment that moves every line down\n" + PRINT_MODEL)
    _, document = run_json(["pkg/model.py"])
    assert document["diagnostics"][0]["line"] == position_of(PRINT_MODEL, "print")[0] + 1
    assert fingerprints() == before


def test_gitlab_fingerprints_of_like_findings_differ():
    twins = [Diagnostic("m.py", n, 1, n, 2, "TL301", "x", "same") for n in (3, 9)]
    lines = {"m.py": {3: "    print(x)", 9: "    print(x)"}}
    issues = gitlab_document(Report(diagnostics=twins, lines=lines))
    assert issues[0]["fingerprint"] != issues[1]["fingerprint"]


def test_location_format_for_files_and_cells():
    assert format_location("m.py", 3, 9) == "m.py:3:9"
    assert format_location("nb.ipynb", 4, 9, cell=3) == "nb.ipynb:cell 3:4:9"
    assert format_location("nb.ipynb", 4, cell=3) == "nb.ipynb:cell 3:4"


def test_notebook_error_lines_are_not_put_on_the_json_file():
    error = FileError("nb.ipynb", "cell 5: syntax error", 2, 3)
    text = format_github(Report(errors=[error]))
    assert "file=nb.ipynb" in text and "line=" not in text


def test_show_files_lists_what_would_be_linted(project):
    write(project, "build/generated.py", PRINT_MODEL)  # excluded by default
    result = run_cli(["check", "--show-files", "."])
    assert result.exit_code == 0
    listed = result.stdout.splitlines()
    assert listed == sorted(["pkg/broken.py", "pkg/clean.py", "pkg/model.py"])
    excluded = run_cli(["check", "--show-files", "--extend-exclude", "broken.py", "."])
    assert excluded.stdout.splitlines() == ["pkg/clean.py", "pkg/model.py"]


def test_show_settings_prints_the_resolved_settings(project):
    (project / "pyproject.toml").write_text(
        '[tool.torchlint]\ntargets = ["compile"]\nignore = ["TL401"]\nextend-exclude = ["gen"]\n'
    )
    result = run_cli(["check", "--show-settings", "--extend-select", "TL5", "pkg"])
    assert result.exit_code == 0
    rows = dict(line.split(" = ", 1) for line in result.stdout.splitlines())
    assert rows["config file"] == str((project / "pyproject.toml").absolute())
    assert rows["targets"] == "compile"
    assert rows["ignore"] == "TL401"
    assert rows["extend-select"] == "TL5"
    assert rows["extend-exclude"] == "gen"
    rules = rows["rules"].split(", ")
    assert "TL401" not in rules and "TL301" in rules and any(r.startswith("TL5") for r in rules)
    assert rows["cache dir"]  # where this run would keep its cache
    isolated = run_cli(["check", "--show-settings", "--isolated", "--no-cache", "pkg"])
    rows = dict(line.split(" = ", 1) for line in isolated.stdout.splitlines())
    assert rows["config file"].startswith("(none")
    assert rows["cache dir"].startswith("(none")
    assert not any(r.startswith("TL5") for r in rows["rules"].split(", "))
