"""`torchlint check` through the real CLI: output formats, the JSON contract, selection,
statistics, exit codes, standard input, and the other commands."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from torchlint import __version__
from torchlint.lint.diagnostics import TARGETS
from torchlint.lint.fixes import fixers_by_code
from torchlint.lint.registry import all_rules

from .cli_helpers import (
    CLEAN_MODEL,
    PRINT_MODEL,
    codes,
    position_of,
    run_cli,
    run_json,
    write,
)

# A driver script: TL501 (jit-script-call) is a migration finding, with no back-end targets.
SCRIPTED = """\
import torch
from torch import nn

model = torch.jit.script(nn.Linear(2, 2))
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "pkg/model.py", PRINT_MODEL)
    write(tmp_path, "pkg/clean.py", CLEAN_MODEL)
    return tmp_path


def test_json_contract(project):
    status, document = run_json(["--select", "TL301", "pkg"])
    assert status == 1
    assert set(document) == {"version", "diagnostics", "errors"}
    assert document["version"] == __version__
    assert document["errors"] == []
    [finding] = document["diagnostics"]
    assert set(finding) == {
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "code",
        "name",
        "message",
        "severity",
        "targets",
        "warns",
        "fix",
        "condition",
        "mode",
    }
    line, column = position_of(PRINT_MODEL, 'print("x"')
    call = 'print("x", x.shape)'
    assert finding["path"] == "pkg/model.py"
    assert (finding["line"], finding["column"]) == (line, column)
    assert (finding["end_line"], finding["end_column"]) == (line, column + len(call))
    assert finding["code"] == "TL301" and finding["name"] == "print-in-graph"
    assert finding["severity"] in ("error", "warning", "info")
    assert finding["targets"] and set(finding["targets"]) <= set(TARGETS)
    assert finding["warns"] == []  # a print breaks compile's graph: not a warning
    fix = finding["fix"]
    if fix is not None:
        assert fix["applicability"] in ("safe", "unsafe") and fix["message"]
        for edit in fix["edits"]:
            assert set(edit) == {"line", "column", "end_line", "end_column", "content"}
            assert edit["line"] >= 1 and edit["column"] >= 1


def test_exit_codes(project):
    assert run_cli(["check", "pkg/clean.py"]).exit_code == 0
    assert run_cli(["check", "--select", "TL301", "pkg"]).exit_code == 1
    assert run_cli(["check", "--select", "TL301", "--exit-zero", "pkg"]).exit_code == 0
    # A file that cannot be linted is exit 2, with or without findings, even with --exit-zero.
    write(project, "pkg/broken.py", "def f(:\n")
    assert run_cli(["check", "--exit-zero", "pkg"]).exit_code == 2
    assert run_cli(["check", "--no-such-option"]).exit_code == 2
    assert run_cli(["check", "--target", "jit", "pkg"]).exit_code == 2


def test_clean_run_says_so(project):
    result = run_cli(["check", "pkg/clean.py"])
    assert result.exit_code == 0
    assert "All checks passed!" in result.stdout


def test_default_path_is_current_folder(project):
    status, document = run_json(["--select", "TL301"])
    assert status == 1
    assert [d["path"] for d in document["diagnostics"]] == ["pkg/model.py"]


def test_full_format_shows_source_caret_and_hints(project):
    result = run_cli(["check", "--select", "TL301", "pkg"])
    lines = result.stdout.splitlines()
    line, column = position_of(PRINT_MODEL, 'print("x"')
    header = next(i for i, text in enumerate(lines) if text.startswith("pkg/model.py:"))
    assert lines[header].startswith(f"pkg/model.py:{line}:{column}: TL301 [print-in-graph] ")
    source_line = PRINT_MODEL.splitlines()[line - 1]
    shown = next(text for text in lines[header:] if text.endswith(source_line))
    caret = lines[lines.index(shown) + 1]
    # The caret starts under the `print` and spans the call.
    offset = shown.index(source_line)
    assert caret.index("^") == offset + column - 1
    assert caret.count("^") == len('print("x", x.shape)')
    assert any(text.strip() == "= breaks: compile" for text in lines)
    if "TL301" in fixers_by_code():
        assert any(text.strip().startswith("= fix: ") for text in lines)
    assert "Found 1 finding." in result.stdout


# An input check the trace drops (it warns; the trace is right on every input eager accepts)
# beside a loop over a size, which the trace unrolls for the example's length.
WARNS_AND_BREAKS = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        assert x.size(1) == 4, "four features"
        outs = [x[i] for i in range(x.size(0))]
        return torch.stack(outs)
"""


def test_warn_only_trace_findings_say_so(project):
    write(project, "pkg/warns.py", WARNS_AND_BREAKS)
    _, document = run_json(["--select", "TL106,TL109", "--target", "trace", "pkg/warns.py"])
    found = {d["code"]: d for d in document["diagnostics"]}
    assert found["TL109"]["targets"] == ["trace"] and found["TL109"]["warns"] == ["trace"]
    assert found["TL106"]["targets"] == ["trace"] and found["TL106"]["warns"] == []
    # Every back-end it names only warns: a warning, where the break stays an error.
    assert (found["TL109"]["severity"], found["TL106"]["severity"]) == ("warning", "error")
    lines = run_cli(["check", "--select", "TL106,TL109", "pkg/warns.py"]).stdout.splitlines()
    assert "= warns: trace" in [text.strip() for text in lines]
    assert "= breaks: trace" in [text.strip() for text in lines]


def test_concise_format_is_one_line_per_finding(project):
    write(project, "pkg/second.py", PRINT_MODEL)
    result = run_cli(["check", "--select", "TL301", "--output-format", "concise", "pkg"])
    findings = [line for line in result.stdout.splitlines() if " TL301 " in line]
    assert len(findings) == 2
    for line in findings:
        assert re.match(r"^pkg/(model|second)\.py:\d+:\d+: TL301 ", line), line


def test_github_annotations(project):
    write(project, "pkg/broken.py", "x = (\n")
    result = run_cli(["check", "--select", "TL301", "--output-format", "github", "pkg"])
    lines = result.stdout.splitlines()
    line, column = position_of(PRINT_MODEL, 'print("x"')
    finding = next(text for text in lines if "TL301" in text)
    assert finding.startswith(f"::error file=pkg/model.py,line={line},col={column},")
    assert "title=torchlint (TL301 print-in-graph)" in finding
    # Commas and colons inside a property are escaped, newlines in the message too.
    assert "::TL301 " in finding and "\n" not in finding
    error = next(text for text in lines if "broken.py" in text)
    assert error.startswith("::error file=pkg/broken.py,")
    assert result.exit_code == 2


def test_github_escaping():
    from torchlint.lint.diagnostics import Diagnostic
    from torchlint.lint.reporters import Report, format_github

    finding = Diagnostic("a,b:c.py", 1, 1, 1, 2, "TL301", "print-in-graph", "50% of\nlines")
    text = format_github(Report(diagnostics=[finding]))
    assert "file=a%2Cb%3Ac.py," in text
    assert text.rstrip("\n").endswith("::TL301 50%25 of%0Alines")


def test_statistics(project):
    write(project, "pkg/second.py", PRINT_MODEL)
    write(project, "pkg/third.py", SCRIPTED)
    result = run_cli(["check", "--select", "TL301,TL501", "--statistics", "pkg"])
    assert result.exit_code == 1
    rows = [line.split() for line in result.stdout.splitlines() if "TL" in line]
    counts = {row[1]: int(row[0]) for row in rows}
    assert counts == {"TL301": 2, "TL501": 1}
    status, document = run_json(["--select", "TL301,TL501", "--statistics", "pkg"])
    assert status == 1
    by_code = {row["code"]: row["count"] for row in document["statistics"]}
    assert by_code == {"TL301": 2, "TL501": 1}


def test_target_selection(project):
    write(project, "pkg/driver.py", SCRIPTED)
    selected = ["--select", "TL301,TL501", "pkg"]
    _, everything = run_json(selected)
    assert sorted(codes(everything)) == ["TL301", "TL501"]
    # TL301 breaks only compile: asking about script drops it; TL501 (migration) stays.
    _, script = run_json(["--target", "script", *selected])
    assert codes(script) == ["TL501"]
    _, compile_ = run_json(["--target", "trace,compile", *selected])
    assert sorted(codes(compile_)) == ["TL301", "TL501"]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--select", "TL301"], ["TL301"]),
        (["--select", "TL3"], ["TL301"]),
        (["--select", "print-in-graph"], ["TL301"]),
        (["--select", "TL5"], ["TL501"]),
        (["--select", "TL301", "--extend-select", "TL501"], ["TL301", "TL501"]),
        (["--select", "TL3,TL5", "--ignore", "TL301"], ["TL501"]),
        # The most specific selector wins, as in ruff: TL301 beats an ignored TL3.
        (["--select", "TL301,TL501", "--ignore", "TL3"], ["TL301", "TL501"]),
        (["--select", "TL301", "--select", "TL501", "--ignore", "print-in-graph"], ["TL501"]),
        (["--select", "TL", "--ignore", "TL3,TL5", "--extend-select", "TL501"], ["TL501"]),
    ],
)
def test_select_ignore_extend_select(project, options, expected):
    write(project, "pkg/driver.py", SCRIPTED)
    _, document = run_json([*options, "pkg"])
    assert sorted(set(codes(document))) == expected


@pytest.mark.parametrize("selector", ["TL9", "no-such-rule", "tl301", "TL30x"])
def test_bad_selector_is_a_usage_error(project, selector):
    result = run_cli(["check", "--select", selector, "pkg"])
    assert result.exit_code == 2
    assert selector in result.stderr and "--select" in result.stderr
    assert "Traceback" not in result.output


def test_stdin_dash_and_stdin_filename(project):
    status, document = run_json(["--select", "TL301", "-"], stdin=PRINT_MODEL)
    assert status == 1
    assert [d["path"] for d in document["diagnostics"]] == ["-"]
    status, document = run_json(
        ["--select", "TL301", "--stdin-filename", "src/net.py"], stdin=PRINT_MODEL
    )
    assert status == 1 and [d["path"] for d in document["diagnostics"]] == ["src/net.py"]
    status, document = run_json(["--stdin-filename", "x.py"], stdin=CLEAN_MODEL)
    assert status == 0 and document["diagnostics"] == []


def test_stdin_bad_input(project):
    status, document = run_json(["-"], stdin=b"print('\x00')\n")
    assert status == 2
    assert document["errors"][0]["path"] == "-"
    assert "binary" in document["errors"][0]["message"]
    assert run_cli(["check", "-", "pkg"]).exit_code == 2


def test_output_file(project):
    result = run_cli(
        ["check", "--select", "TL301", "--output-format", "json", "-o", "out.json", "pkg"]
    )
    assert result.exit_code == 1
    assert result.stdout == ""
    document = json.loads((project / "out.json").read_text())
    assert codes(document) == ["TL301"]


def test_rules_table_and_json():
    result = run_cli(["rules"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["CODE", "NAME", "BREAKS", "FIX"]
    # The fixers' codes, and TL001, whose findings carry their fix.
    fixable = set(fixers_by_code()) | {"TL001"}
    for rule in all_rules():
        row = next(line for line in lines if line.startswith(rule.code + " "))
        assert rule.name in row
        assert row.rstrip().endswith("yes" if rule.code in fixable else "-")
    rows = json.loads(run_cli(["rules", "--output-format", "json"]).stdout)
    assert [row["code"] for row in rows] == [rule.code for rule in all_rules()]
    by_code = {row["code"]: row for row in rows}
    assert by_code["TL301"]["targets"] == ["compile"]
    assert by_code["TL301"]["fix"] == ("TL301" in fixable)


def test_rule_docs():
    for key in ("TL301", "tl301", "print-in-graph"):
        result = run_cli(["rule", key])
        assert result.exit_code == 0
        assert result.stdout.startswith("# TL301 print-in-graph")
        for section in ("## What it does", "## Why is this bad?", "## Example", "## Fix safety"):
            assert section in result.stdout
        assert "Breaks: compile" in result.stdout
    unknown = run_cli(["rule", "TL30"])
    assert unknown.exit_code == 2
    assert "unknown rule 'TL30'" in unknown.stderr and "did you mean" in unknown.stderr


def test_version_and_help():
    result = run_cli(["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"torchlint {__version__}"
    top = run_cli(["--help"])
    assert top.exit_code == 0
    for command in ("check", "rules", "rule", "fix"):
        assert command in top.stdout
    check = run_cli(["check", "--help"])
    for option in (
        "--output-format",
        "--target",
        "--select",
        "--ignore",
        "--extend-select",
        "--exclude",
        "--extend-exclude",
        "--config",
        "--isolated",
        "--stdin-filename",
        "--statistics",
        "--exit-zero",
        "--respect-gitignore",
    ):
        assert option in check.stdout, option
    for command in ("rules", "rule"):
        assert run_cli([command, "--help"]).exit_code == 0


def test_python_dash_m_entry_point(project):
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "torchlint",
            "check",
            "--select",
            "TL301",
            "--output-format",
            "concise",
            "pkg",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 1, completed.stderr
    assert "pkg/model.py" in completed.stdout and "TL301" in completed.stdout


def test_example_project(monkeypatch):
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(root)
    status, document = run_json(["examples/"])
    assert status == 1 and document["errors"] == []
    by_path = {}
    for finding in document["diagnostics"]:
        by_path.setdefault(finding["path"], set()).add(finding["code"])
    # The helper's print is graph code only through the subclass in another file.
    assert "TL301" in by_path.get("examples/tinynet/helpers.py", set())
    assert "TL301" in by_path.get("examples/tinynet/model.py", set())
    assert by_path.get("examples/train.py")
    assert "examples/tinynet/clean.py" not in by_path


def test_check_fix_applies_safe_fixes(project):
    if "TL301" not in fixers_by_code():
        pytest.skip("no fixer for TL301 installed")
    before = (project / "pkg" / "model.py").read_text()
    result = run_cli(["check", "--fix", "--select", "TL301", "pkg"])
    after = (project / "pkg" / "model.py").read_text()
    assert after != before and "is_compiling()" in after
    assert result.exit_code == 0, result.output
    assert run_cli(["check", "--select", "TL301", "pkg"]).exit_code == 0
