"""``torchlint fix PATH --verify pkg.mod:factory --repair BACKEND``: torch says where the back-end
fails, the fixes of the findings there are tried in a child process and kept only when the
back-end gets cleaner with eager outputs unchanged; what is left is reported."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from torchlint.fix_repair import Problem, judge, parse_repair_backends
from torchlint.lint.fix_files import unified_diff
from torchlint.runtime_check.spec import SpecError

from .cli_helpers import run_cli, write
from .conftest import requires_torch

# Export stops at the deepcopy (line 13), then at the branch (line 15): two rounds. The
# `type(out) is torch.Tensor` test (line 21) has an unsafe fix (TL113) naming export, but
# export does not fail there: the loop must leave it alone.
EXPORT_MODEL = """\
import copy

import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        base = copy.deepcopy(x)
        h = self.fc(base)
        if h.sum() > 0:
            y = h * 2
        else:
            y = h - 1
        out = y + 1
        out = out * 1.0
        if type(out) is torch.Tensor:
            out = out * 1.0
        return out


def make_inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4) + 3,)]
"""

# Compile breaks the graph three times: the deepcopy (fixed), the boolean-mask index (TL107: an
# output shape only the data decides; no rewrite keeps eager's outputs) and the branch, whose
# torch.where fix would broadcast the 0-d `picked.sum()` to h's shape (rejected).
COMPILE_MODEL = """\
import copy

import torch
from torch import nn


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        base = copy.deepcopy(x)
        h = self.proj(base)
        picked = h[h > 0]
        if h.sum() > 0:
            return picked.sum()
        return h - 1


def make_inputs():
    return [(torch.randn(2, 4),)]
"""


def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> Path:
    write(tmp_path, "pkg/__init__.py", "")
    monkeypatch.chdir(tmp_path)
    return write(tmp_path, "pkg/model.py", text)


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@requires_torch
@pytest.mark.torch
def test_repair_export_keeps_the_fixes_that_make_it_pass(tmp_path, monkeypatch):
    import torch

    from torchlint.lint.engine import lint_text
    from torchlint.lint.settings import Settings

    path = _project(tmp_path, monkeypatch, EXPORT_MODEL)
    # The fix the loop must not apply exists: plain `fix --unsafe-fixes` would apply it.
    findings = lint_text(str(path), EXPORT_MODEL, Settings(targets=("export",))).diagnostics
    assert any(d.code == "TL113" and d.fix is not None for d in findings)
    with pytest.raises(RuntimeError):  # the deepcopy first
        torch.export.export(_load(path, "repair_export_before").Gate(), (torch.randn(2, 4),))

    result = run_cli(
        ["fix", "pkg", "--isolated", "--verify", "pkg.model:Gate", "--repair", "export"]
    )
    assert result.exit_code == 0, result.stderr
    kept = [line for line in result.stderr.splitlines() if line.startswith("kept: ")]
    assert [line.split()[2] for line in kept] == ["TL308", "TL101"], result.stderr
    assert "export gets further: now line 15" in kept[0]
    assert kept[1].endswith(": passes")
    assert "TL113" not in result.stderr
    assert "repair export: 1 problem(s) before, passes" in result.stderr
    fixed = path.read_text()
    assert "base = x.clone()" in fixed
    assert "y = torch.where(h.sum() > 0, h * 2, h - 1)" in fixed
    assert "if type(out) is torch.Tensor:" in fixed

    # torch's word on the written file: export passes, with the original's eager outputs.
    original = write(tmp_path, "original.py", EXPORT_MODEL)
    torch.manual_seed(0)
    want_model = _load(original, "repair_export_original").Gate()
    torch.manual_seed(0)
    got_model = _load(path, "repair_export_fixed").Gate()
    exported = torch.export.export(got_model, (torch.randn(2, 4),)).module()
    for x in (torch.randn(2, 4), torch.randn(2, 4) + 3, -torch.ones(2, 4) * 5):
        torch.testing.assert_close(exported(x), want_model(x))


@requires_torch
@pytest.mark.torch
def test_repair_compile_diff_rejects_changed_outputs_and_reports_what_is_left(
    tmp_path, monkeypatch
):
    path = _project(tmp_path, monkeypatch, COMPILE_MODEL)
    result = run_cli(
        [
            "fix", "pkg", "--isolated", "--diff",
            "--verify", "pkg.model:Scorer", "--repair", "compile",
        ]
    )  # fmt: skip
    assert result.exit_code == 1, result.stderr
    assert path.read_text() == COMPILE_MODEL  # --diff writes nothing
    # Only the deepcopy fix is kept: the diff is the one of that single rewrite.
    kept = COMPILE_MODEL.replace("base = copy.deepcopy(x)", "base = x.clone()")
    assert result.stdout == unified_diff("pkg/model.py", COMPILE_MODEL, kept)
    lines = result.stderr.splitlines()
    rejected = [line for line in lines if line.startswith("rejected: ")]
    assert len(rejected) == 1 and "TL101" in rejected[0], result.stderr
    assert "the fixed code gives other outputs" in rejected[0]
    # What is left: file:line, back-end, torch's message, then the finding on that line.
    mask = next(i for i, line in enumerate(lines) if line.startswith("left: pkg/model.py:15: "))
    assert lines[mask].startswith("left: pkg/model.py:15: compile: graph break: "), lines[mask]
    assert lines[mask + 1].startswith("  TL107 data-dependent-shape: ")
    assert lines[mask + 1].endswith("(no fix)") == (_fix_of(path, "TL107") is None)
    branch = lines.index("left: pkg/model.py:16: compile: Unsupported: Data-dependent branching")
    assert lines[branch + 1].startswith("  TL101 tensor-condition: ")
    assert not lines[branch + 1].endswith("(no fix)")
    assert "repair compile: 3 problem(s) before, 2 problem(s) left" in result.stderr
    assert "Would fix 1 finding(s) in 1 file." in result.stderr


def _fix_of(path: Path, code: str):
    from torchlint.lint.engine import lint_text
    from torchlint.lint.settings import Settings

    findings = lint_text(str(path), path.read_text(), Settings(targets=("compile",))).diagnostics
    return next(d for d in findings if d.code == code).fix


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--verify", "nocolon", "--repair", "export"], "must be 'package.module:callable'"),
        (["--verify", "pkg.model:Gate", "--repair", "exprt"], "did you mean 'export'?"),
        (["--verify", "pkg.model:Gate", "--repair", "onnx"], "cannot repair for 'onnx'"),
        (["--repair", "export"], "--repair needs --verify"),
        (["--verify", "missing.py:Gate", "--repair", "export"], "no such file 'missing.py'"),
        (
            ["--verify", "pkg.model:Gate", "--repair", "export", "--inputs", "float33[2,4]"],
            "unknown dtype 'float33'",
        ),
    ],
)
def test_repair_usage_errors_are_one_line(tmp_path, monkeypatch, args, message):
    path = _project(tmp_path, monkeypatch, EXPORT_MODEL)
    result = run_cli(["fix", "pkg", "--isolated", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith("torchlint: error: ")
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert path.read_text() == EXPORT_MODEL


def test_repair_from_standard_input_is_a_usage_error():
    result = run_cli(["fix", "-", "--verify", "m.py:Net", "--repair", "export"], stdin="x = 1\n")
    assert result.exit_code == 2
    assert "needs files, not standard input" in result.stderr


@requires_torch
@pytest.mark.torch
def test_repair_of_a_target_that_cannot_be_built_is_a_usage_error(tmp_path, monkeypatch):
    path = _project(tmp_path, monkeypatch, EXPORT_MODEL)
    result = run_cli(
        ["fix", "pkg", "--isolated", "--verify", "pkg.model:Nope", "--repair", "export"]
    )
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "torchlint: error: --verify pkg.model:Nope: the original code failed (resolve): "
        "'pkg.model' has no attribute 'Nope'"
    ]
    assert path.read_text() == EXPORT_MODEL


def test_parse_repair_backends():
    assert parse_repair_backends("export") == ("export",)
    assert parse_repair_backends("export-strict,compile") == ("compile", "export-strict")
    assert parse_repair_backends("export-nonstrict") == ("export",)
    with pytest.raises(SpecError, match="no back-end given"):
        parse_repair_backends(" , ")


# -- judge: when is a fixed text cleaner? ---------------------------------------------------------
OLD = "a = 1\nb = f(a)\nc = g(b)\nd = h(c)\n"
NEW = "import torch\na = 1\nb = f2(a)\nc = g(b)\nd = h(c)\n"  # line 2 rewritten, all shifted


def _p(backend: str, line, error: str = "boom") -> Problem:
    return Problem(backend, None if line is None else "/m.py", line, error)


def test_judge_passes_and_fewer_problems():
    assert judge([_p("export", 2)], [], "/m.py", OLD, NEW) == (True, "passes")
    kept, why = judge([_p("compile", 2), _p("compile", 3)], [_p("compile", 4)], "/m.py", OLD, NEW)
    assert kept and why == "2 -> 1 problem(s)"


def test_judge_a_failure_further_on_is_progress_one_on_the_written_line_is_not():
    # Line 3 of the old text is line 4 of the new one: an old problem there is the same one.
    kept, why = judge([_p("export", 2)], [_p("export", 5, "next")], "/m.py", OLD, NEW)
    assert kept and why == "export gets further: now line 5: next"
    kept, why = judge([_p("export", 2)], [_p("export", 3, "fix's own")], "/m.py", OLD, NEW)
    assert not kept and why == "no better: export line 3: fix's own"
    kept, why = judge([_p("export", 3)], [_p("export", 4)], "/m.py", OLD, NEW)
    assert not kept and why.startswith("no better")


def test_judge_a_moved_problem_among_several_is_no_better():
    # compile lists every graph break: one gone and another one new is not cleaner.
    before = [_p("compile", 2), _p("compile", 3)]
    kept, why = judge(before, [_p("compile", 4), _p("compile", 5)], "/m.py", OLD, NEW)
    assert not kept and why.startswith("no better")


def test_judge_rejects_a_backend_that_gets_worse():
    before = [_p("compile", 2), _p("compile", 3), _p("trace", 2)]
    after = [_p("trace", 4), _p("trace", 5)]
    kept, why = judge(before, after, "/m.py", OLD, NEW)
    assert not kept and why == "trace: 1 -> 2 problem(s): boom"
    # A problem torch named no line for stays the same problem.
    kept, why = judge([_p("trace", None)], [_p("trace", None)], "/m.py", OLD, NEW)
    assert not kept


# -- what is left: the finding on its line, or why there is none ----------------------------------
def test_left_names_the_finding_on_the_line_or_says_why_none(tmp_path, monkeypatch):
    from torchlint.fix_repair import _left, _Linter
    from torchlint.lint.settings import Settings
    from torchlint.runtime_check.correlate import FAMILY

    path = _project(tmp_path, monkeypatch, COMPILE_MODEL)
    real = str(path.resolve())
    settings = Settings(targets=("compile",), targets_explicit=True)
    linter = _Linter(["pkg/model.py"], settings, None, 1)
    given = {real: "pkg/model.py"}

    def left(problem: Problem):
        return _left(problem, {}, given, linter, FAMILY)

    on_branch = left(Problem("compile", real, 16, "Data-dependent branching"))
    assert [d.code for d in on_branch.findings] == ["TL101"] and not on_branch.outside
    # The finding must name the back-end: TL101 names compile, not script.
    assert left(Problem("script", real, 16, "x")).findings == []
    assert left(Problem("compile", real, 14, "x")).findings == []  # h = self.proj(base)
    elsewhere = left(Problem("compile", str(tmp_path / "other.py"), 3, "x"))
    assert elsewhere.outside and elsewhere.findings == []


def test_repair_report_and_exit_status(tmp_path, monkeypatch):
    """The CLI's report of a repair run (the loop itself replaced: no child, no torch)."""
    import torchlint.fix_repair as fix_repair
    from torchlint.fix_repair import Left, RepairResult

    path = _project(tmp_path, monkeypatch, COMPILE_MODEL)
    real = str(path.resolve())
    outcome = RepairResult(
        backends=("export",),
        before=[Problem("export", real, 13, "first")],
        after=[Problem("export", "/lib/helper.py", 7, "deep"), Problem("export", None, None, "?")],
    )
    outcome.stopped = "stopped after 3 tries, 1 fixes kept"
    outcome.left = [
        Left(outcome.after[0], outside=True),
        Left(outcome.after[1]),
        Left(Problem("export", real, 14, "here")),
    ]
    monkeypatch.setattr(fix_repair, "repair", lambda *args, **kwargs: outcome)
    result = run_cli(["fix", "pkg", "--verify", "pkg.model:Scorer", "--repair", "export"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "repair export: stopped after 3 tries, 1 fixes kept",
        "left: /lib/helper.py:7: export: deep",
        "  not in the files being fixed (PATH)",
        "left: export: ?",
        "  torch named no line",
        "left: pkg/model.py:14: export: here",
        "  no finding on this line",
        "repair export: 1 problem(s) before, 2 problem(s) left",
    ]
    outcome.after, outcome.left, outcome.stopped = [], [], ""
    result = run_cli(["fix", "pkg", "--verify", "pkg.model:Scorer", "--repair", "export"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == ["repair export: 1 problem(s) before, passes"]
    assert path.read_text() == COMPILE_MODEL


@requires_torch
@pytest.mark.torch
def test_a_candidate_that_kills_the_child_is_rejected_and_the_next_one_gets_a_new_child(
    tmp_path, monkeypatch
):
    import sys

    from torchlint.fix_repair import _Evaluator
    from torchlint.runtime_check.spec import VerifyOptions, parse_inputs, parse_target

    model = "import torch\n\n\ndef double(x):\n    return x * 2\n"
    path = _project(tmp_path, monkeypatch, model)
    options = VerifyOptions(
        target=parse_target("pkg.model:double", str(tmp_path)),
        inputs=[parse_inputs("float32[2,3]")],
        backends=("trace",),
        repeat=0,
        cwd=str(tmp_path),
        sys_path=[p for p in sys.path if p],
    )
    evaluator = _Evaluator(options)
    try:
        dying = evaluator.evaluate({str(path.resolve()): "import os\nos._exit(3)\n"})
        assert not dying.ok and dying.error == "the child exited with code 3"
        again = evaluator.evaluate({})
        assert again.ok and again.problems == []
    finally:
        evaluator.close()


# -- the loop's bounds, with torch's verdicts stubbed -----------------------------------------------
class _StubEvaluator:
    """Stands for the child: export fails at the deepcopy (line 13) until it is a clone."""

    unlocated = False  # the problem comes without a line (outputs that differ)

    def __init__(self, options) -> None:
        self.requests: list[dict] = []
        self.loaded = [_StubEvaluator.path]

    def launch(self) -> None:
        pass

    def close(self) -> None:
        pass

    def evaluate(self, fixed):
        from torchlint.fix_repair import _Evaluation

        self.requests.append(fixed)
        text = next(iter(fixed.values()), EXPORT_MODEL)
        if "x.clone()" in text:
            return _Evaluation(True)
        if self.unlocated:
            return _Evaluation(True, problems=[Problem("export", None, None, "diverges")])
        return _Evaluation(True, problems=[Problem("export", _StubEvaluator.path, 13, "deepcopy")])


@pytest.mark.parametrize(
    ("bound", "stopped"),
    [
        (None, ""),
        ("budget", "stopped after 0 s (--repair-timeout)"),
        ("MAX_TRIES", "stopped after 0 tries, 0 fixes kept"),
        ("MAX_KEPT", "stopped after 0 tries, 0 fixes kept"),
    ],
)
def test_loop_bounds(tmp_path, monkeypatch, bound, stopped):
    import torchlint.fix_repair as fix_repair
    from torchlint.lint.settings import Settings

    path = _project(tmp_path, monkeypatch, EXPORT_MODEL)
    _StubEvaluator.path = str(path.resolve())
    monkeypatch.setattr(fix_repair, "_Evaluator", _StubEvaluator)
    if bound in ("MAX_TRIES", "MAX_KEPT"):
        monkeypatch.setattr(fix_repair, bound, 0)
    result = fix_repair.repair(
        ["pkg/model.py"],
        Settings(),
        "pkg.model:Gate",
        [],
        ("export",),
        budget=0.0 if bound == "budget" else 900.0,
    )
    assert result.stopped == stopped
    if stopped:
        assert not result.fixes and not result.passes and result.attempts == []
    else:  # one try, kept; the TL113 fix far from line 13 never tried
        assert [(a.code, a.kept) for a in result.attempts] == [("TL308", True)]
        assert result.passes and len(result.fixes) == 1


def test_repair_of_a_path_that_is_not_there_is_an_error(tmp_path, monkeypatch):
    _project(tmp_path, monkeypatch, EXPORT_MODEL)
    result = run_cli(["fix", "nothere", "--verify", "pkg.model:Gate", "--repair", "export"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["nothere: error: no such file or folder"]


def test_a_kept_fix_is_not_written_over_a_file_changed_meanwhile(tmp_path, monkeypatch):
    import torchlint.fix_repair as fix_repair
    from torchlint.fix_repair import RepairResult
    from torchlint.lint.fix_files import FileFix
    from torchlint.lint.fixes import FixOutcome

    path = _project(tmp_path, monkeypatch, EXPORT_MODEL)
    fixed = EXPORT_MODEL.replace("copy.deepcopy(x)", "x.clone()")

    def repair_then_edit(*args, **kwargs):
        path.write_text(EXPORT_MODEL + "# edited meanwhile\n")
        outcome = FixOutcome("pkg/model.py", EXPORT_MODEL, fixed)
        return RepairResult(backends=("export",), fixes=[FileFix("pkg/model.py", outcome)])

    monkeypatch.setattr(fix_repair, "repair", repair_then_edit)
    result = run_cli(["fix", "pkg", "--verify", "pkg.model:Gate", "--repair", "export"])
    assert result.exit_code == 2
    assert "pkg/model.py: error: " in result.stderr and "changed on disk" in result.stderr
    assert path.read_text() == EXPORT_MODEL + "# edited meanwhile\n"


def test_a_problem_without_a_line_tries_the_findings_of_the_files_loaded(tmp_path, monkeypatch):
    import torchlint.fix_repair as fix_repair
    from torchlint.lint.settings import Settings

    path = _project(tmp_path, monkeypatch, EXPORT_MODEL)
    _StubEvaluator.path = str(path.resolve())
    monkeypatch.setattr(_StubEvaluator, "unlocated", True)
    monkeypatch.setattr(fix_repair, "_Evaluator", _StubEvaluator)
    result = fix_repair.repair(["pkg/model.py"], Settings(), "pkg.model:Gate", [], ("export",))
    # Every finding naming export with a fix, in line order, until one makes it pass.
    assert [(a.code, a.line, a.kept) for a in result.attempts] == [("TL308", 13, True)]
    assert result.passes
    # A file the model was not loaded from is not searched.
    monkeypatch.setattr(_StubEvaluator, "__init__", lambda self, options: _no_files(self))
    result = fix_repair.repair(["pkg/model.py"], Settings(), "pkg.model:Gate", [], ("export",))
    assert result.attempts == [] and not result.passes


def _no_files(stub: _StubEvaluator) -> None:
    stub.requests, stub.loaded = [], []
