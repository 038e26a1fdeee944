"""Runtime verifier pieces that need no child process: specs, locations, comparison, report."""

from __future__ import annotations

import os

import pytest

from tests.conftest import requires_torch
from torchlint.runtime_check.locate import UserFiles, gb_code, locate_exception
from torchlint.runtime_check.spec import (
    SpecError,
    TargetSpec,
    VerifyOptions,
    parse_backends,
    parse_inputs,
    parse_shape_spec,
    parse_target,
)

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


def _report_for(path: str, covered: list[int], backends: list[dict]) -> object:
    from torchlint.runtime_check.report import Report

    report = Report(options=VerifyOptions(target=parse_target(f"{path}:make_model")))
    report.setup = {
        "ok": True,
        "info": {"user_files": [path], "coverage": {path: covered}, "notes": [], "timing": {}},
    }
    report.backends = backends
    return report


def _result(
    backend: str, status: str, stage: str = "convert", line: int = 0, **extra: object
) -> dict:
    location = {"file": MODEL, "line": line} if line else None
    return {"backend": backend, "status": status, "stage": stage, "error": "boom",
            "location": location, "warnings": [], "graph_breaks": [], "runs": [], **extra}  # fmt: skip


def test_static_correlation_statuses() -> None:
    """branchy.py's `if x.sum() > 0:` is a TL101 finding for trace, compile and export."""
    from torchlint.runtime_check.correlate import correlate

    line = next(i for i, t in enumerate(open(MODEL).read().splitlines(), 1) if "x.sum() > 0" in t)

    def status_of(report: object) -> str:
        [finding] = [f for f in correlate(report)["findings"] if f["code"] == "TL101"]  # type: ignore[arg-type]
        return finding["status"]

    clean = [_result("compile", "ok")]
    assert status_of(_report_for(MODEL, [line], clean)) == "not observed"
    assert status_of(_report_for(MODEL, [line - 1], clean)) == "not reached"
    breaks = [_result("compile", "graph-breaks", line=line)]
    assert status_of(_report_for(MODEL, [line], breaks)) == "confirmed"
    diverged = [_result("trace", "diverges", stage="run")]  # torch named no line
    assert status_of(_report_for(MODEL, [line], diverged)) == "confirmed"
    assert (
        status_of(_report_for(MODEL, [line], [_result("script", "fails", line=line)]))
        == "not reached"
    )
    elsewhere = _report_for(MODEL, [line], [_result("export", "fails", line=line - 2)])
    assert status_of(elsewhere) == "not reached"  # export stopped at an earlier line
    missed = correlate(elsewhere)["missed"]  # type: ignore[arg-type]
    assert [(m["line"], m["backend"]) for m in missed] == [(line - 2, "export")]
