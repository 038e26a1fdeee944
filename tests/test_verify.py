"""The runtime verifier end to end: real models, real torch, one child process per verification
(or more when a back-end kills its child). Every verdict, and the parent surviving them all."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import requires_torch
from torchlint.cli import main
from torchlint.runtime_check.runner import verify
from torchlint.runtime_check.spec import VerifyOptions, parse_backends, parse_inputs, parse_target

from .cli_helpers import cli_runner

pytestmark = requires_torch

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "tests" / "verify_models"


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def run(target: str, backends: str = "script,trace,compile,export", **options: object):
    inputs = options.pop("inputs", [])
    opts = VerifyOptions(
        target=parse_target(target, str(ROOT)),
        inputs=[parse_inputs(i, str(ROOT)) for i in inputs],  # type: ignore[union-attr]
        backends=parse_backends(backends),
        cwd=str(ROOT),
        repeat=int(options.pop("repeat", 0)),  # type: ignore[call-overload]
        device=str(options.pop("device", "cpu")),
        cache_dir=os.environ.get("TORCHLINT_CACHE_DIR"),  # not in the checkout (conftest.py)
        **options,  # type: ignore[arg-type]
    )
    return verify(opts)


@pytest.fixture(scope="module")
def good_json() -> dict:
    """Every back-end on a model that converts everywhere, through the CLI, as JSON."""
    result = cli_runner().invoke(
        main,
        ["verify", "tests.verify_models.good:make_model", "--backend", "all", "--vary-batch",
         "--time-budget", "0.2", "--output-format", "json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_converts_and_matches_everywhere(good_json: dict) -> None:
    statuses = {b["backend"]: b["status"] for b in good_json["backends"]}
    assert statuses == {
        "script": "ok",
        "trace": "ok",
        "compile": "ok",
        "export": "ok",
        "export-strict": "ok",
        "onnx": "ok" if "onnx" in sys.modules or _has("onnx", "onnxscript") else "skipped",
    }
    sets = good_json["setup"]["info"]["input_sets"]
    assert sets[-1] == "float32[4,8]"  # --vary-batch added batch 2 + 2
    for backend in good_json["backends"][:5]:
        assert [r["ok"] for r in backend["runs"]] == [True] * len(sets)
        latency = backend["latency"]
        assert latency["rounds"] >= 3  # the minimum, whatever the budget
        for side in ("eager", "backend"):
            low, high = latency[f"{side}_range_ms"]
            assert 0 < low <= latency[f"{side}_ms"] <= high
        if backend["backend"] != "compile":
            assert backend["reload"]["ok"] and len(backend["reload"]["runs"]) == len(sets)
    assert good_json["timing"]["wall_s"] >= good_json["timing"]["backends_s"]
    assert good_json["backends"][2]["compile_backend"] == "eager"


def _has(*names: str) -> bool:
    import importlib.util

    return all(importlib.util.find_spec(n) for n in names)


def test_instance_and_plain_function_targets_with_shape_specs() -> None:
    report = run(
        "tests/verify_models/good.py:model", "script,export-strict", inputs=["float32[3,8]"]
    )
    assert report.ok and report.setup["info"]["kind"] == "instance"
    # A plain function, positional and keyword input sets, and a dynamic batch for export.
    report = run(
        "tests.verify_models.good:scale",
        "trace,export-nonstrict",
        inputs=["float32[2,5]; float32[2,5]", "tests.verify_models.good:make_kwargs_inputs"],
        vary_batch=True,
    )
    assert report.ok and report.setup["info"]["kind"] == "function"
    assert report.setup["info"]["input_sets"] == [
        "float32[2,5], float32[2,5]",
        "x=float32[2,5], y=float32[2,5]",
        "x=float32[2,5], y=float32[2,5]",
        "float32[4,5], float32[4,5]",
    ]
    export = report.backend("export")
    assert [r["set"] for r in export["runs"]] == [0, 3]  # batch 4 ran on the dynamic export
    assert "positional vs keyword" in export["notes"][0]


def test_diverges_breaks_and_fails_with_static_correlation() -> None:
    path = MODELS / "branchy.py"
    line = line_of(path, "if x.sum() > 0:")
    report = run("tests/verify_models/branchy.py:make_model", static=True, coverage=True)
    assert report.exit_code == 1
    trace = report.backend("trace")
    assert trace["status"] == "diverges" and [r["ok"] for r in trace["runs"]] == [True, False]
    assert trace["runs"][1]["max_abs"] > 0.1 and trace["runs"][1]["leaf"] == "output"
    assert any(
        w["category"] == "TracerWarning" and w["location"]["line"] == line
        for w in trace["warnings"]
    )
    compile_ = report.backend("compile")
    assert compile_["status"] == "graph-breaks" and compile_["gb_code"] == "GB0170"
    assert [(b["gb_code"], b["location"]["line"]) for b in compile_["graph_breaks"]] == [
        ("GB0170", line)
    ]
    assert report.backend("export")["status"] == "fails"
    assert report.backend("export")["location"]["line"] == line
    assert report.backend("script")["status"] == "ok"
    assert str(path) in report.setup["info"]["user_files"]
    assert line in report.setup["info"]["coverage"][str(path)]
    findings = [f for f in report.static["findings"] if f["line"] == line]
    assert findings and all(f["status"] == "confirmed" for f in findings)
    text = report.render_text()
    assert "GRAPH BREAKS" in text and "DIVERGES" in text and "confirmed" in text
    markdown = report.render_markdown()
    assert "| trace | DIVERGES |" in markdown


def test_static_findings_come_from_the_models_project(tmp_path: Path) -> None:
    """`check` reports TL203 on model.py because train.py scripts the model; verify agrees."""
    (tmp_path / "model.py").write_text(
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x, scale=2.0):\n        return x * scale\n\n\n"
        "def make_inputs():\n    return [(torch.ones(2, 3),)]\n"
    )
    (tmp_path / "train.py").write_text(
        "import torch\nfrom model import Model\n\ntorch.jit.script(Model())\n"
    )
    report = run(f"{tmp_path / 'model.py'}:Model", "script", static=True, coverage=True)
    line = line_of(tmp_path / "model.py", "def forward")
    assert report.backend("script")["location"]["line"] == line
    assert [(f["code"], f["line"], f["status"]) for f in report.static["findings"]] == [
        ("TL203", line, "confirmed")
    ]
    assert report.static["missed"] == []


def test_fails_to_convert_points_at_the_user_line() -> None:
    report = run("tests/verify_models/unscriptable.py:Unscriptable", "script,compile")
    script = report.backend("script")
    assert script["status"] == "fails" and not script["converted"]
    assert script["location"]["line"] == line_of(MODELS / "unscriptable.py", "def forward")
    assert report.backend("compile")["status"] == "ok"
    assert report.exit_code == 1


def test_crashes_hangs_and_exits_are_reported_and_the_parent_survives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    private_tmp = tmp_path / "tmp"
    private_tmp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(private_tmp))
    before = os.getcwd()
    report = run(
        "tests/verify_models/evil.py:Evil",
        "script,trace,compile,export-nonstrict",
        timeout=12,  # the hang costs this; first use of Dynamo/export in a child takes seconds
        setup_timeout=90,
    )
    got = {b["backend"]: (b["status"], b["error"]) for b in report.backends}
    assert got["script"] == ("crashed", "the child process exited with code 7")
    assert got["trace"][0] == "crashed" and "SIGABRT" in got["trace"][1]
    assert got["compile"][0] == "timeout"
    assert got["export"][0] == "crashed" and "SIGSEGV" in got["export"][1]
    evil = str(MODELS / "evil.py")
    assert report.backend("trace")["location"]["file"] == evil  # from faulthandler's dump
    assert os.getcwd() == before
    assert list(private_tmp.iterdir()) == []  # the children's temporary folder is gone
    assert not _worker_children()


def _worker_children() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if b"torchlint.runtime_check.worker" in cmdline and ppid == os.getpid():
            found.append(int(entry.name))
    return found


def test_recursion_memory_and_non_tensor_outputs() -> None:
    report = run(
        "tests/verify_models/hostile.py:Hostile",
        "script,trace,compile,export-nonstrict",
        memory_limit_mb=3072,
    )
    script = report.backend("script")
    assert script["status"] == "fails" and "MemoryError" in script["error"]
    trace = report.backend("trace")
    assert trace["status"] == "fails" and "RecursionError" in trace["error"]
    compile_ = report.backend("compile")
    assert compile_["status"] == "ok"
    assert [r["leaves"] for r in compile_["runs"]] == [3, 3]  # tensor, "label", 3
    export = report.backend("export")
    assert export["status"] == "fails" and "SystemExit: 3" in export["error"]


def test_import_side_effects_are_contained(capfd: pytest.CaptureFixture[str]) -> None:
    before = os.getcwd()
    report = run("tests/verify_models/noisy_import.py:Tiny", "script")
    assert report.ok
    notes = " ".join(report.setup["info"]["notes"])
    assert "changed the working folder" in notes and "hello from import" in notes
    assert os.getcwd() == before
    assert "hello from import" not in capfd.readouterr().out


@pytest.mark.parametrize(
    ("target", "inputs", "stage", "needle"),
    [
        ("tests/verify_models/broken_import.py:make_model", [], "import", "ModuleNotFoundError"),
        ("tests.verify_models.good:make_model", ["float32[2,7]"], "eager", "input set 0"),
        ("tests.verify_models.good:NAME", [], "resolve", "not a model"),
        ("tests.verify_models.good:returns_number", [], "build", "returned a int"),
        ("tests.verify_models.good:nope", [], "resolve", "no attribute"),
    ],
)
def test_unusable_targets_are_usage_errors(
    target: str, inputs: list[str], stage: str, needle: str
) -> None:
    report = run(target, "script", inputs=inputs)
    assert report.exit_code == 2 and report.setup["stage"] == stage
    assert needle in report.setup["error"]
    if stage == "import":
        assert report.setup["location"]["line"] == line_of(
            MODELS / "broken_import.py", "import a_module_that_does_not_exist"
        )


def test_a_hang_at_import_times_out() -> None:
    report = run("tests/verify_models/slow_import.py:make_model", "script", setup_timeout=4)
    assert report.setup["status"] == "timeout" and report.exit_code == 1
    assert report.backends == []


def test_cli_usage_errors_exit_2_without_a_child() -> None:
    runner = cli_runner()
    for args in (["nocolon"], ["a.b:c", "--backend", "jit"], ["a.b:c", "--inputs", "floaty[2]"]):
        result = runner.invoke(main, ["verify", *args])
        assert result.exit_code == 2, result.output


def test_cuda_requested_without_cuda_is_a_clear_error() -> None:
    import torch

    if torch.cuda.is_available():
        pytest.skip("CUDA is present")
    report = run("tests.verify_models.good:make_model", "script", device="cuda")
    assert report.exit_code == 2 and "CUDA is not available" in report.setup["error"]


def test_cuda_back_ends_match_eager_on_the_gpu() -> None:
    import torch

    if not torch.cuda.is_available():
        pytest.skip("needs CUDA")
    report = run(
        "tests.verify_models.good:make_model",
        "script,trace,compile,export",
        device="cuda",
        repeat=3,
    )
    assert report.ok and report.setup["info"]["device"].startswith("cuda")
    assert all(b["latency"]["backend_ms"] > 0 for b in report.backends)
