"""`torchlint fix` and `check --fix`: one set of options with check, standard input, the report of
what remains, --show-fixes, internal errors, `check --add-noqa`, and a fix run that lints each
file once."""

from __future__ import annotations

import json
import subprocess

import pytest

from torchlint.cli import check
from torchlint.cli_fix import fix_command

from .cli_helpers import CLEAN_MODEL, PRINT_MODEL, position_of, run_cli, write

FIXED_PRINT = PRINT_MODEL.replace(
    '        print("x", x.shape)\n',
    '        if not torch.compiler.is_compiling():\n            print("x", x.shape)\n',
)
# TL301 (print) has a safe fix; TL101 (a branch on tensor data) only an unsafe one.
MIXED = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        print(x.shape)
        y = x * 2
        if y.sum() > 0:
            return y * 2
        return y - 1
"""
# TL401: an evaluation loop without no_grad, a performance finding that breaks no back-end.
EVALUATE = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print(x.shape)
        return x.relu()


def evaluate(model, loader):
    model.eval()
    for x in loader:
        out = model(x)
    return out
"""
COMMAND_ONLY = {"check": {"fix", "add_noqa", "show_settings", "show_files"}, "fix": set()}


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "pkg/model.py", PRINT_MODEL)
    write(tmp_path, "pkg/clean.py", CLEAN_MODEL)
    return tmp_path


def _options(command) -> dict[str, tuple[tuple[str, ...], str]]:
    return {
        param.name: (tuple(param.opts), param.help or "")
        for param in command.params
        if param.name != "paths"
    }


# -- 1. one set of options ---------------------------------------------------------------------
def test_fix_takes_every_option_of_check_with_the_same_names_and_help():
    checks = _options(check)
    fixes = _options(fix_command)
    shared = set(checks) - COMMAND_ONLY["check"]
    assert {"output_format", "exclude", "extend_exclude", "extend_select", "jobs"} <= shared
    assert {"no_cache", "stdin_filename", "exit_zero", "config_path", "isolated"} <= shared
    assert {"respect_gitignore", "statistics", "output_file", "diff", "show_fixes"} <= shared
    for name in shared:
        assert fixes.get(name) == checks[name], name


@pytest.mark.parametrize("command", [["fix"], ["check", "--fix"]])
def test_fix_respects_exclude_and_extend_exclude(project, command):
    write(project, "pkg/skipped.py", PRINT_MODEL)
    write(project, "pkg/also.py", PRINT_MODEL)
    result = run_cli([*command, "--extend-exclude", "skipped.py", "--exclude", "also.py", "pkg"])
    assert result.exit_code == 0, result.output
    assert (project / "pkg/model.py").read_text() == FIXED_PRINT
    assert (project / "pkg/skipped.py").read_text() == PRINT_MODEL
    assert (project / "pkg/also.py").read_text() == PRINT_MODEL


def test_fix_respects_gitignore_and_its_negation(project):
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    write(project, ".gitignore", "generated/\n")
    write(project, "generated/model.py", PRINT_MODEL)
    assert run_cli(["fix", "."]).exit_code == 0
    assert (project / "generated/model.py").read_text() == PRINT_MODEL
    assert run_cli(["fix", "--no-respect-gitignore", "."]).exit_code == 0
    assert (project / "generated/model.py").read_text() == FIXED_PRINT


def test_fix_reads_the_named_config_and_isolated_ignores_it(project):
    write(project, "strict.toml", 'ignore = ["TL301"]\n')
    assert run_cli(["fix", "--config", "strict.toml", "pkg"]).exit_code == 0
    assert (project / "pkg/model.py").read_text() == PRINT_MODEL  # TL301 ignored: not fixed
    write(project, "pyproject.toml", '[tool.torchlint]\nignore = ["TL301"]\n')
    assert run_cli(["fix", "--isolated", "pkg"]).exit_code == 0
    assert (project / "pkg/model.py").read_text() == FIXED_PRINT


def test_fix_extend_select_brings_back_findings_target_dropped(project):
    write(project, "pkg/evaluate.py", EVALUATE)
    base = ["fix", "--output-format", "json", "--target", "compile", "pkg/evaluate.py"]
    without = json.loads(run_cli(base).stdout)
    assert [d["code"] for d in without["diagnostics"]] == []
    write(project, "pkg/evaluate.py", EVALUATE)
    with_perf = json.loads(run_cli([*base, "--extend-select", "TL4"]).stdout)
    assert [d["code"] for d in with_perf["diagnostics"]] == ["TL401"]


def test_fix_exit_zero_statistics_and_output_file(project):
    write(project, "pkg/mixed.py", MIXED)
    assert run_cli(["fix", "pkg"]).exit_code == 1  # TL101 remains
    write(project, "pkg/mixed.py", MIXED)
    assert run_cli(["fix", "--exit-zero", "pkg"]).exit_code == 0
    write(project, "pkg/mixed.py", MIXED)
    stats = run_cli(["fix", "--statistics", "--output-format", "json", "pkg"])
    assert [(r["code"], r["count"]) for r in json.loads(stats.stdout)["statistics"]] == [
        ("TL101", 1)
    ]
    write(project, "pkg/mixed.py", MIXED)
    result = run_cli(["fix", "--output-format", "json", "-o", "report.json", "pkg"])
    assert result.stdout == ""
    document = json.loads((project / "report.json").read_text())
    assert [d["code"] for d in document["diagnostics"]] == ["TL101"]


def test_fix_cache_options(project):
    assert run_cli(["fix", "--no-cache", "pkg"]).exit_code == 0
    assert not (project / ".torchlint_cache").exists()
    write(project, "pkg/model.py", PRINT_MODEL)
    assert run_cli(["fix", "--cache-dir", "here", "-j", "2", "pkg"]).exit_code == 0
    assert (project / "here").is_dir() and any((project / "here").iterdir())
    assert (project / "pkg/model.py").read_text() == FIXED_PRINT


def test_fix_in_worker_processes_fixes_every_file(project):
    for number in range(6):
        write(project, f"pkg/m{number}.py", PRINT_MODEL)
    result = run_cli(["fix", "-j", "2", "--no-cache", "--show-fixes", "pkg"])
    assert result.exit_code == 0, result.output
    for number in range(6):
        assert (project / f"pkg/m{number}.py").read_text() == FIXED_PRINT
    assert "Fixed 7 finding(s) in 7 files." in result.stderr


# -- 2. standard input -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [["fix", "-"], ["check", "--fix", "-"], ["fix", "--stdin-filename", "pkg/model.py"]],
)
def test_fixing_stdin_writes_the_fixed_code_to_stdout(project, args):
    result = run_cli(args, stdin=PRINT_MODEL)
    assert result.exit_code == 0, result.output
    assert result.stdout == FIXED_PRINT
    assert "Fixed 1 finding(s) in 1 file." in result.stderr
    assert (project / "pkg/model.py").read_text() == PRINT_MODEL


def test_stdin_findings_that_remain_go_to_stderr(project):
    result = run_cli(
        ["fix", "--stdin-filename", "pkg/mixed.py", "--output-format", "concise"], stdin=MIXED
    )
    assert result.exit_code == 1
    assert "if not torch.compiler.is_compiling():" in result.stdout
    assert "TL101" not in result.stdout
    line, column = position_of(result.stdout, "y.sum() > 0")
    assert f"pkg/mixed.py:{line}:{column}: TL101" in result.stderr


def test_stdin_that_cannot_be_read_is_written_back_unchanged(project):
    data = b"x = '\xff'\n"
    result = run_cli(["fix", "-"], stdin=data)
    assert result.exit_code == 2
    assert result.stdout_bytes == data
    assert "cannot decode" in result.stderr


def test_stdin_diff(project):
    result = run_cli(["fix", "--diff", "-"], stdin=PRINT_MODEL)
    assert result.exit_code == 1
    assert result.stdout.startswith("--- a/-\n+++ b/-\n")
    assert "+        if not torch.compiler.is_compiling():" in result.stdout


# -- 3. the report of what remains -------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_check_fix_reports_what_remains_in_the_machine_format(project, fmt):
    write(project, "pkg/mixed.py", MIXED)
    result = run_cli(["check", "--fix", "--show-fixes", "--output-format", fmt, "pkg"])
    assert result.exit_code == 1
    document = json.loads(result.stdout)  # nothing else on stdout
    if fmt == "json":
        found = [(d["path"], d["code"]) for d in document["diagnostics"]]
    else:
        found = [
            (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["ruleId"])
            for r in document["runs"][0]["results"]
        ]
    assert found == [("pkg/mixed.py", "TL101")]
    assert "pkg/mixed.py:7:9: TL301" in result.stderr  # --show-fixes, on stderr


def test_check_fix_statistics_count_what_remains(project):
    write(project, "pkg/mixed.py", MIXED)
    result = run_cli(["check", "--fix", "--statistics", "pkg"])
    rows = [line.split() for line in result.stdout.splitlines() if "TL" in line]
    assert [row[:2] for row in rows] == [["1", "TL101"]]


# -- 4. --show-fixes, [*] and the count --------------------------------------------------------
def test_show_fixes_lines_have_a_column_and_unsafe_only_fixes_are_not_marked(project):
    write(project, "pkg/mixed.py", MIXED)
    result = run_cli(["fix", "--show-fixes", "--output-format", "concise", "pkg/mixed.py"])
    line, column = position_of(MIXED, "print(")
    assert f"pkg/mixed.py:{line}:{column}: TL301 " in result.stdout
    [remaining] = [text for text in result.stdout.splitlines() if "TL101" in text]
    assert "[*]" not in remaining
    assert "1 more fixable with `torchlint fix --unsafe-fixes`." in result.stdout


def test_nothing_fixed_prints_no_count(project):
    result = run_cli(["fix", "pkg/clean.py"])
    assert result.exit_code == 0
    assert "Fixed" not in result.output
    assert "Would fix" not in run_cli(["fix", "--diff", "pkg/clean.py"]).output


# -- 5. --target's help says what it does ----------------------------------------------------
@pytest.mark.parametrize("command", [check, fix_command])
def test_target_help_says_findings_without_a_backend_are_dropped(command):
    _, help_text = _options(command)["targets"]
    assert "plus performance and migration findings" not in help_text
    assert "dropped unless selected by code (--extend-select TL4)" in help_text


# -- 6. internal errors ------------------------------------------------------------------------
def _boom(*args, **kwargs):
    raise RuntimeError("boom")


@pytest.mark.parametrize(
    ("target", "args"),
    [
        ("torchlint.lint.run.lint_files", ["check", "pkg"]),
        ("torchlint.lint.fix_files.fix_paths", ["fix", "pkg"]),
        ("torchlint.lint.run.lint_files", ["check", "--fix", "pkg"]),
        ("torchlint.lint.docgen.rule_rows", ["rules"]),
    ],
)
def test_an_internal_error_exits_2_with_one_line_and_no_traceback(
    project, monkeypatch, target, args
):
    monkeypatch.setattr(target, _boom)
    result = run_cli(args)
    assert result.exit_code == 2
    assert "torchlint: internal error: RuntimeError: boom" in result.stderr
    assert "-v" in result.stderr
    assert "Traceback" not in result.output


def test_verbose_shows_the_traceback_of_an_internal_error(project, monkeypatch):
    monkeypatch.setattr("torchlint.lint.run.lint_files", _boom)
    for args in (["check", "-v", "pkg"], ["-v", "check", "pkg"]):
        result = run_cli(args)
        assert result.exit_code == 2
        assert "Traceback" in result.stderr and "RuntimeError: boom" in result.stderr


def test_a_reader_that_goes_away_is_no_internal_error(project, monkeypatch):
    # `torchlint rules | head -1`: writing to the closed pipe raises BrokenPipeError.
    def closed_pipe(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("torchlint.lint.docgen.rule_rows", closed_pipe)
    result = run_cli(["rules"])
    assert result.exit_code == 1
    assert "internal error" not in result.output and "Traceback" not in result.output


def test_usage_errors_are_not_internal_errors(project):
    result = run_cli(["fix", "--jobs", "0", "pkg"])
    assert result.exit_code == 2 and "internal error" not in result.output


# -- 7. --add-noqa -----------------------------------------------------------------------------
NOQA_SOURCE = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        print(x.shape)
        y = x * 2
        if y.sum() > 0:  # noqa: E501 because it is long
            return y * 2
        return y - 1
""".replace("print(x.shape)\n", "print(x.shape)   \n")  # trailing blanks go


def test_add_noqa_adds_and_merges_directives(project):
    path = write(project, "pkg/mixed.py", NOQA_SOURCE)
    result = run_cli(["check", "--add-noqa", "pkg/mixed.py"])
    assert result.exit_code == 0, result.output
    assert "Added 2 noqa directives." in result.stderr
    text = path.read_text()
    assert "        print(x.shape)  # noqa: TL301\n" in text
    assert "        if y.sum() > 0:  # noqa: E501, TL101 because it is long\n" in text
    assert text.replace("  # noqa: TL301", "   ").replace(", TL101", "") == NOQA_SOURCE
    assert run_cli(["check", "pkg/mixed.py"]).exit_code == 0
    again = run_cli(["check", "--add-noqa", "pkg/mixed.py"])
    assert "Added 0 noqa directives." in again.stderr and path.read_text() == text


def test_add_noqa_keeps_line_endings_and_skips_lines_a_comment_cannot_end(project):
    source = (
        "import torch\r\nfrom torch import nn\r\n\r\n\r\nclass Net(nn.Module):\r\n"
        "    def forward(self, x):\r\n"
        '        print("""a\r\nb""", "x")\r\n'
        "        print(x.shape)\r\n"
        "        return x\r\n"
    )
    path = project / "pkg/crlf.py"
    path.write_bytes(source.encode())
    result = run_cli(["check", "--add-noqa", "pkg/crlf.py"])
    assert "Added 1 noqa directive." in result.stderr
    assert "pkg/crlf.py:7: no directive added" in result.stderr
    assert (
        path.read_bytes()
        == source.replace(
            "        print(x.shape)\r\n", "        print(x.shape)  # noqa: TL301\r\n"
        ).encode()
    )


def test_add_noqa_refuses_standard_input_and_fix(project):
    assert run_cli(["check", "--add-noqa", "-"], stdin=PRINT_MODEL).exit_code == 2
    assert run_cli(["check", "--add-noqa", "--fix", "pkg"]).exit_code == 2
    assert (project / "pkg/model.py").read_text() == PRINT_MODEL


# -- 8. a fix run lints each file once ---------------------------------------------------------
def test_fix_lints_each_file_once_and_fixes_only_files_with_fixes(project, monkeypatch):
    from torchlint.lint import engine, fix_files

    for number in range(4):
        write(project, f"pkg/clean{number}.py", CLEAN_MODEL)
    fixed: list[str] = []
    linted: list[str] = []
    real_fix_text, real_lint_text = fix_files.fix_text, engine.lint_text

    def counting_fix_text(path, *args, **kwargs):
        fixed.append(path)
        return real_fix_text(path, *args, **kwargs)

    def counting_lint_text(path, *args, **kwargs):
        linted.append(path)
        return real_lint_text(path, *args, **kwargs)

    monkeypatch.setattr(fix_files, "fix_text", counting_fix_text)
    monkeypatch.setattr(engine, "lint_text", counting_lint_text)
    result = run_cli(["fix", "--no-cache", "-j", "1", "pkg"])
    assert result.exit_code == 0, result.output
    assert [p.replace("\\", "/") for p in fixed] == ["pkg/model.py"]
    # The check run's findings start the fixing; only the fixed text is linted again.
    assert [p.replace("\\", "/") for p in linted] == ["pkg/model.py"]
    assert (project / "pkg/model.py").read_text() == FIXED_PRINT


def test_a_file_fixed_alone_is_linted_again_in_its_project(tmp_path, monkeypatch):
    # helper is graph code only because model.py, not given, calls it from forward.
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "pyproject.toml", "")
    write(tmp_path, "pkg/__init__.py", "")
    write(
        tmp_path,
        "pkg/model.py",
        "from torch import nn\n\nfrom pkg.helpers import helper\n\n\n"
        "class Net(nn.Module):\n    def forward(self, x):\n        return helper(x)\n",
    )
    helpers = MIXED.split("class Model", 1)[0] + (
        "def helper(x):\n    print(x.shape)\n    if x.sum() > 0:\n"
        "        return x * 2\n    return x - 1\n"
    )
    write(tmp_path, "pkg/helpers.py", helpers)
    result = run_cli(["fix", "--no-cache", "--output-format", "json", "pkg/helpers.py"])
    assert [d["code"] for d in json.loads(result.stdout)["diagnostics"]] == ["TL101"]
    assert "is_compiling" in (tmp_path / "pkg/helpers.py").read_text()


def test_statistics_mark_only_rules_whose_fixes_fix_applies(project):
    write(project, "pkg/mixed.py", MIXED)
    result = run_cli(["check", "--statistics", "pkg/mixed.py"])
    rows = {line.split()[1]: line for line in result.stdout.splitlines() if " TL" in line}
    assert "[*]" in rows["TL301"]
    assert "[*]" not in rows["TL101"]  # only an unsafe fix: `torchlint fix` leaves it
