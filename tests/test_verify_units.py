"""Runtime verifier pieces that need no child process: specs, locations, comparison, report."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Callable, Optional

import pytest

from tests.conftest import requires_torch
from torchlint.cli import main
from torchlint.cli_options import DEFAULT_CACHE_DIRECTORY
from torchlint.runtime_check.correlate import CACHE_FOLDER
from torchlint.runtime_check.locate import UserFiles, gb_code, locate_exception
from torchlint.runtime_check.report import Report
from torchlint.runtime_check.spec import (
    SpecError,
    TargetSpec,
    VerifyOptions,
    parse_backends,
    parse_inputs,
    parse_shape_spec,
    parse_target,
)
from torchlint.runtime_check.timing import TimingPlan, measure

from .cli_helpers import cli_runner

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "verify_models", "branchy.py")


def test_targets_parse_as_module_or_file() -> None:
    assert parse_target("pkg.models:make_model") == TargetSpec(
        text="pkg.models:make_model", attr="make_model", module="pkg.models"
    )
    spec = parse_target("tests/verify_models/good.py:MLP", cwd=os.path.dirname(HERE))
    assert spec.path == os.path.join(HERE, "verify_models", "good.py") and spec.module is None
    assert parse_target("pkg.mod:Outer.factory").attr == "Outer.factory"


@pytest.mark.parametrize(
    "text", ["no_colon", "pkg.mod:", ":attr", "pkg.mod:1bad", "pkg mod:x", "missing/file.py:f"]
)
def test_bad_targets_are_usage_errors(text: str) -> None:
    with pytest.raises(SpecError):
        parse_target(text)


def test_shape_specs() -> None:
    specs = parse_shape_spec("float32[4, 16]; int64[4]")
    assert specs is not None and [(s.dtype, s.shape) for s in specs] == [
        ("float32", (4, 16)),
        ("int64", (4,)),
    ]
    assert parse_shape_spec("bool[]")[0].shape == ()  # type: ignore[index]
    assert parse_shape_spec("pkg.mod:make_inputs") is None
    with pytest.raises(SpecError, match="unknown dtype"):
        parse_shape_spec("floaty[2]")
    assert parse_inputs("pkg.mod:make").target is not None
    with pytest.raises(SpecError):
        parse_inputs("just words")


def test_backend_lists() -> None:
    assert parse_backends("export") == ("export", "export-strict")
    assert parse_backends("trace, script") == ("script", "trace")
    assert parse_backends("all")[-1] == "onnx"
    with pytest.raises(SpecError):
        parse_backends("jit")


def test_options_are_json_ready() -> None:
    import json

    options = VerifyOptions(target=parse_target("a.b:c"), inputs=[parse_inputs("float32[1]")])
    assert json.loads(json.dumps(options.to_dict()))["inputs"][0]["tensors"][0]["shape"] == [1]


def test_user_files_exclude_installed_code_and_the_verifier() -> None:
    user = UserFiles([os.path.dirname(HERE)])
    assert MODEL in user
    assert os.__file__ not in user
    import torchlint.runtime_check.locate as locate_module

    assert os.path.abspath(locate_module.__file__) not in user
    assert "relative.py" not in user


def test_locations_from_dynamo_and_torchscript_text() -> None:
    user = UserFiles([HERE])
    dynamo = RuntimeError(
        'Unsupported: branching\n  File "/usr/lib/x.py", line 3\nfrom user code:\n'
        f'   File "{MODEL}", line 9, in outer\n   File "{MODEL}", line 15, in forward\n'
        "see gb0170.html"
    )
    where = locate_exception(dynamo, user)
    assert where is not None and (where.file, where.line) == (MODEL, 15)
    script = RuntimeError(f'bad\n  File "{MODEL}", line 12\n  <--- HERE\n  File "{MODEL}", line 30')
    assert locate_exception(script, user).line == 12  # type: ignore[union-attr]
    assert gb_code(str(dynamo)) == "GB0170"


def test_location_from_a_python_traceback() -> None:
    user = UserFiles([HERE])
    try:
        exec(compile("def f():\n    raise ValueError('x')\nf()\n", MODEL, "exec"), {})
    except ValueError as exc:
        where = locate_exception(exc, user)
    assert where is not None and where.line == 2


@requires_torch
def test_compare_nested_outputs_and_dtype_tolerances() -> None:
    import dataclasses

    import torch

    from torchlint.runtime_check.compare import compare

    @dataclasses.dataclass
    class Out:
        logits: torch.Tensor
        extra: dict

    a = Out(torch.ones(3), {"ids": torch.arange(3), "name": "x"})
    same = Out(torch.ones(3) + 1e-7, {"ids": torch.arange(3), "name": "x"})
    assert compare(a, same).ok
    off = Out(torch.ones(3) * 1.5, {"ids": torch.arange(3), "name": "x"})
    result = compare(a, off)
    assert not result.ok and result.leaf == "output.logits"
    assert result.max_abs == pytest.approx(0.5) and result.max_rel == pytest.approx(0.5)
    ids = compare(a, Out(torch.ones(3), {"ids": torch.tensor([0, 1, 3]), "name": "x"}))
    assert not ids.ok and ids.leaf == "output.extra['ids']"
    assert not compare((torch.ones(2),), (torch.ones(2), torch.ones(2))).ok
    assert not compare(torch.ones(2), torch.ones(3)).ok
    assert not compare(torch.ones(2), torch.ones(2, dtype=torch.float64)).ok
    half = torch.ones(4, dtype=torch.float16)
    assert compare(half, half + 5e-4).ok  # inside float16's tolerance, outside float32's
    assert not compare(half.float(), half.float() + 5e-4).ok
    assert compare(torch.tensor([float("nan")]), torch.tensor([float("nan")])).ok
    assert not compare(("label", 3), ("label", 4)).ok


def _report_for(path: str, covered: list[int], backends: list[dict]) -> Report:
    report = Report(options=VerifyOptions(target=parse_target(f"{path}:make_model")))
    report.setup = {
        "ok": True,
        "info": {"user_files": [path], "coverage": {path: covered}, "notes": [], "timing": {}},
    }
    report.backends = backends
    return report


def _result(
    backend: str,
    status: str,
    stage: str = "convert",
    line: int = 0,
    file: str = MODEL,
    **extra: object,
) -> dict:
    location = {"file": file, "line": line} if line else None
    return {"backend": backend, "status": status, "stage": stage, "error": "boom",
            "location": location, "warnings": [], "graph_breaks": [], "runs": [], **extra}  # fmt: skip


def test_static_correlation_statuses(tmp_path: Path) -> None:
    """branchy.py's `if x.sum() > 0:` is a TL101 finding for trace, compile and export. A copy
    outside the checkout keeps the project lint to this one file."""
    from torchlint.runtime_check.correlate import correlate

    model = str(tmp_path / "branchy.py")
    shutil.copy(MODEL, model)
    line = next(i for i, t in enumerate(open(model).read().splitlines(), 1) if "x.sum() > 0" in t)

    def result(backend: str, status: str, stage: str = "convert", line: int = 0) -> dict:
        return _result(backend, status, stage, line, file=model)

    def status_of(report: Report) -> str:
        [finding] = [f for f in correlate(report)["findings"] if f["code"] == "TL101"]
        return finding["status"]

    clean = [result("compile", "ok")]
    assert status_of(_report_for(model, [line], clean)) == "not observed"
    assert status_of(_report_for(model, [line - 1], clean)) == "not reached"
    breaks = [result("compile", "graph-breaks", line=line)]
    assert status_of(_report_for(model, [line], breaks)) == "confirmed"
    diverged = [result("trace", "diverges", stage="run")]  # torch named no line
    assert status_of(_report_for(model, [line], diverged)) == "confirmed"
    assert (
        status_of(_report_for(model, [line], [result("script", "fails", line=line)]))
        == "not reached"
    )
    elsewhere = _report_for(model, [line], [result("export", "fails", line=line - 2)])
    assert status_of(elsewhere) == "not reached"  # export stopped at an earlier line
    missed = correlate(elsewhere)["missed"]
    assert [(m["line"], m["backend"]) for m in missed] == [(line - 2, "export")]


# -- static findings come from the model's whole project ------------------------------------------

_SCRIPTED_MODEL = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, scale=2.0):
        return torch.stack([v * scale for v in x])
"""


def _project(root: Path, config: str = "") -> Path:
    """model.py, and train.py scripting it: TL203 on model.py only because of train.py."""
    (root / "model.py").write_text(_SCRIPTED_MODEL)
    (root / "train.py").write_text(
        "import torch\nfrom model import Model\n\ntorch.jit.script(Model())\n"
    )
    if config:
        (root / "pyproject.toml").write_text(config)
    return root / "model.py"


def test_static_findings_are_checks_over_the_project(tmp_path: Path) -> None:
    from torchlint.lint.config import load_settings
    from torchlint.lint.discovery import discover
    from torchlint.lint.run import lint_files
    from torchlint.runtime_check.correlate import correlate

    model = _project(tmp_path, '[tool.torchlint]\nignore = ["TL105"]\n')
    settings = load_settings([str(tmp_path)])
    checked = lint_files(discover([str(tmp_path)], settings).files, settings)
    expected = {
        (d.code, d.line) for r in checked if r.path.endswith("model.py") for d in r.diagnostics
    }
    line = _SCRIPTED_MODEL.splitlines().index("    def forward(self, x, scale=2.0):") + 1
    assert ("TL203", line) in expected  # `check` sees train.py's torch.jit.script
    script_fails = _result("script", "fails", line=line, file=str(model))
    report = _report_for(str(model), [line], [script_fails])
    static = correlate(report)
    assert {(f["code"], f["line"]) for f in static["findings"]} == expected
    assert static["missed"] == []
    [tl203] = [f for f in static["findings"] if f["code"] == "TL203"]
    assert tl203["status"] == "confirmed"
    assert not any(f["code"] == "TL105" for f in static["findings"])  # the project's config
    assert static["project"] == str(tmp_path.resolve())
    assert (tmp_path / CACHE_FOLDER).is_dir()  # check's cache, where check keeps it


def test_static_lint_cache_options(tmp_path: Path) -> None:
    from torchlint.runtime_check.correlate import correlate

    assert CACHE_FOLDER == DEFAULT_CACHE_DIRECTORY
    model = _project(tmp_path)
    report = _report_for(str(model), [], [_result("script", "ok")])
    report.options.use_cache = False
    assert correlate(report)["findings"]
    assert not (tmp_path / CACHE_FOLDER).exists()
    report.options.use_cache, report.options.cache_dir = True, str(tmp_path / "elsewhere")
    assert correlate(report)["findings"]
    assert (tmp_path / "elsewhere").is_dir() and not (tmp_path / CACHE_FOLDER).exists()


def test_the_project_root_of_a_model(tmp_path: Path) -> None:
    from torchlint.runtime_check.correlate import project_settings

    def root_of(path: Path, cwd: Path) -> str | None:
        return project_settings(str(path), str(cwd)).project_root

    repo = tmp_path / "repo"
    package = repo / "src" / "pkg" / "models"
    package.mkdir(parents=True)
    for folder in (repo / "src" / "pkg", package):
        (folder / "__init__.py").write_text("")
    model = package / "net.py"
    model.write_text("")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # Outside the working folder, no marker: the folder the top package is imported from.
    assert root_of(model, elsewhere) == str(repo / "src")
    # Inside it: the working folder, or the nearest folder below it with a project marker.
    assert root_of(model, tmp_path) == str(tmp_path)
    (repo / "setup.py").write_text("")
    assert root_of(model, tmp_path) == str(repo)
    # A torchlint config file decides, wherever the command runs.
    (repo / "src" / "torchlint.toml").write_text("")
    assert root_of(model, elsewhere) == str(repo / "src")


# -- reading the report ---------------------------------------------------------------------------


def test_each_graph_break_is_printed_once() -> None:
    location = {"file": MODEL, "line": 15}
    compile_ = _result(
        "compile", "graph-breaks", line=15, error="Unsupported: Data-dependent branching",
        gb_code="GB0170", graph_breaks=[
            {"reason": "Data-dependent branching", "gb_code": "GB0170", "location": location},
            {"reason": "print", "gb_code": "GB0059", "location": {"file": MODEL, "line": 17}},
        ],
    )  # fmt: skip
    text = _report_for(MODEL, [], [compile_]).render_text()
    assert text.count("GB0170") == 1 and text.count("GB0059") == 1
    assert "graph break [GB0170] Data-dependent branching at " in text
    assert "branchy.py:15" in text and "branchy.py:17" in text
    # fullgraph=True's error without a line is the listed break of its GB code.
    unlocated = dict(compile_, location=None)
    assert _report_for(MODEL, [], [unlocated]).render_text().count("GB0170") == 1
    # fullgraph=True's error at a line no break names is still said.
    other = dict(compile_, location={"file": MODEL, "line": 9})
    assert "Unsupported: Data-dependent branching [GB0170] at" in (
        _report_for(MODEL, [], [other]).render_text()
    )


def test_the_compile_backend_and_the_latency_spread_are_shown() -> None:
    latency = {"eager_ms": 2.0, "backend_ms": 4.0, "eager_range_ms": [1.5, 3.0],
               "backend_range_ms": [3.5, 9.0], "speedup": 0.5, "rounds": 7, "warmup": 1}  # fmt: skip
    compile_ = _result("compile", "ok", compile_backend="eager", latency=latency)
    text = _report_for(MODEL, [], [compile_]).render_text()
    [row] = [line for line in text.splitlines() if line.strip().startswith("compile (eager)")]
    assert "2 (1.5-3)" in row and "4 (3.5-9)" in row and "0.50x" in row
    assert "--compile-backend eager captures the graph" in text
    assert "rounds: compile 7" in text
    inductor = _result("compile", "ok", compile_backend="inductor", latency=latency)
    assert "captures the graph" not in _report_for(MODEL, [], [inductor]).render_text()


# -- timing ---------------------------------------------------------------------------------------


class _FakeClock:
    """Time that moves only when a fake model runs; records which model ran, in order."""

    def __init__(self) -> None:
        self.now = 0.0
        self.calls: list[str] = []

    def __call__(self) -> float:
        return self.now

    def model(self, name: str, durations: list[float]) -> Callable[[], float]:
        pending = iter(durations)

        def once() -> float:
            took = next(pending)
            self.calls.append(name)
            self.now += took
            return took

        return once


def test_timing_interleaves_eager_and_backend_after_warmup() -> None:
    clock = _FakeClock()
    eager_s = [9.0, 0.010, 0.030, 0.020, 0.040]  # the first is warm-up
    backend_s = [7.0, 0.005, 0.001, 0.003, 0.002]
    latency = measure(
        clock.model("eager", eager_s),
        clock.model("backend", backend_s),
        TimingPlan(warmup=1, repeat=4),
        clock,
    )
    assert latency is not None
    assert clock.calls == ["eager", "backend"] * 5
    assert latency["rounds"] == 4 and latency["warmup"] == 1
    timed_eager, timed_backend = sorted(eager_s[1:]), sorted(backend_s[1:])
    assert latency["eager_ms"] == pytest.approx(1000 * (timed_eager[1] + timed_eager[2]) / 2)
    assert latency["backend_ms"] == pytest.approx(1000 * (timed_backend[1] + timed_backend[2]) / 2)
    assert latency["eager_range_ms"] == pytest.approx(
        [1000 * min(timed_eager), 1000 * max(timed_eager)]
    )
    assert latency["backend_range_ms"] == pytest.approx(
        [1000 * min(timed_backend), 1000 * max(timed_backend)]
    )
    assert latency["speedup"] == pytest.approx(latency["eager_ms"] / latency["backend_ms"])
    assert latency["timing_s"] == pytest.approx(sum(eager_s) + sum(backend_s))
    assert (
        measure(clock.model("eager", []), clock.model("backend", []), TimingPlan(repeat=0), clock)
        is None
    )


@pytest.mark.parametrize("call_s", [0.01, 0.07, 0.15])
def test_timing_rounds_fit_the_budget(call_s: float) -> None:
    clock = _FakeClock()
    plan = TimingPlan(warmup=2, budget_s=1.0, min_repeat=1, max_repeat=1000)
    latency = measure(
        clock.model("eager", [call_s] * 1000), clock.model("backend", [call_s] * 1000), plan, clock
    )
    assert latency is not None
    one_round = 2 * call_s
    assert latency["timing_s"] <= plan.budget_s + 1e-9  # within the budget, warm-up included
    assert latency["timing_s"] + one_round > plan.budget_s  # and another round would not fit
    assert latency["rounds"] == len(clock.calls) // 2 - plan.warmup


def test_timing_rounds_stay_within_min_and_max() -> None:
    plan = TimingPlan(warmup=1, budget_s=1.0, min_repeat=3, max_repeat=5)
    slow, fast = _FakeClock(), _FakeClock()
    latency = measure(slow.model("e", [2.0] * 10), slow.model("b", [2.0] * 10), plan, slow)
    assert latency is not None and latency["rounds"] == plan.min_repeat  # over budget at once
    latency = measure(fast.model("e", [1e-6] * 10), fast.model("b", [1e-6] * 10), plan, fast)
    assert latency is not None and latency["rounds"] == plan.max_repeat
    forced = _FakeClock()  # an explicit --repeat ignores the budget
    explicit = TimingPlan(warmup=0, repeat=6, budget_s=1.0, max_repeat=5)
    latency = measure(forced.model("e", [2.0] * 6), forced.model("b", [2.0] * 6), explicit, forced)
    assert latency is not None and latency["rounds"] == 6


# -- command line ---------------------------------------------------------------------------------


def test_a_backend_typo_gets_a_suggestion() -> None:
    with pytest.raises(SpecError, match="did you mean 'export'"):
        parse_backends("script,exprt")
    result = cli_runner().invoke(main, ["verify", "a.b:c", "--backend", "exprt"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "torchlint: error: unknown back-end 'exprt'; did you mean 'export'? (one of script, "
        "trace, compile, export, export-nonstrict, export-strict, onnx, all)"
    ]


def _fake_verify(seen: list[VerifyOptions]) -> Callable[..., Report]:
    def verify(options: VerifyOptions, progress: Optional[Callable[..., None]] = None) -> Report:
        seen.append(options)
        result = _result("compile", "ok", compile_backend="eager", elapsed_s=3.25)
        if progress:
            progress("backend_start", {"backend": "compile"})
            progress("backend", result)
        report = _report_for(MODEL, [], [result])
        report.options = options
        return report

    return verify


@pytest.mark.parametrize(
    ("terminal", "output_format", "shown"),
    [(True, "text", True), (True, "markdown", True), (True, "json", False), (False, "text", False)],
)
def test_progress_only_on_a_terminal_and_never_with_json(
    monkeypatch: pytest.MonkeyPatch, terminal: bool, output_format: str, shown: bool
) -> None:
    from torchlint import cli_verify
    from torchlint.runtime_check import runner

    seen: list[VerifyOptions] = []
    monkeypatch.setattr(runner, "verify", _fake_verify(seen))
    monkeypatch.setattr(cli_verify, "_stderr_is_terminal", lambda: terminal)
    result = cli_runner().invoke(
        main, ["verify", "a.b:c", "--backend", "compile", "--output-format", output_format]
    )
    assert result.exit_code == 0, result.output
    progress = [line for line in result.stderr.splitlines() if line.startswith("verify:")]
    assert progress == (["verify: compile ...", "verify: compile ok, 3.2 s"] if shown else [])
    if output_format == "json":
        assert json.loads(result.stdout)["backends"][0]["compile_backend"] == "eager"
    # The time budget decides the rounds unless --repeat says how many.
    assert (seen[0].repeat, seen[0].time_budget) == (None, 3.0)


def test_repeat_and_time_budget_options(monkeypatch: pytest.MonkeyPatch) -> None:
    from torchlint.runtime_check import runner

    seen: list[VerifyOptions] = []
    monkeypatch.setattr(runner, "verify", _fake_verify(seen))
    for args in (["--repeat", "4"], ["--time-budget", "0.5"]):
        result = cli_runner().invoke(main, ["verify", "a.b:c", "--backend", "compile", *args])
        assert result.exit_code == 0, result.output
    assert [(o.repeat, o.time_budget) for o in seen] == [(4, 3.0), (None, 0.5)]
    for bad in (["--repeat", "-1"], ["--time-budget", "-2"]):
        result = cli_runner().invoke(main, ["verify", "a.b:c", *bad])
        assert result.exit_code == 2 and "Traceback" not in result.output
