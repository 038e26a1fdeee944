"""b37 TorchScript probes: an attribute forward sets that `__init__` never sets, in a class
whose `__init__` registers other buffers by literal name (TL212 used to take any
`register_...` call as possibly setting it); builtin `min` of an int size and `math.ceil` of a
tensor, which TorchScript compiles to `aten::ceil` (a float tensor, TL223)."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings
from torchlint.rules.tl212_unsupported_attribute_in_script import _may_set_by_name

from .conftest import requires_torch

PROBES = Path(__file__).parent.parent / "benchmarks/probes"
PROBE = PROBES / "b37_nflow_batchnorm_eval_running_stats.py"
SAR = PROBES / "b37_ocr_sar_valid_ratio_ceil_mask.py"


def _script_findings(text: str, code: str = "TL212") -> list:
    settings = Settings(select=(code,), targets=("script",), targets_explicit=True)
    return [d for d in lint_text("m.py", text, settings=settings).diagnostics if d.code == code]


def test_batch_statistics_set_in_forward_are_reported():
    found = _script_findings(PROBE.read_text())
    assert {d.line for d in found} == {19, 20}
    assert any("batch_mean" in d.message for d in found)


@pytest.mark.parametrize(
    ("body", "may"),
    [
        ('self.register_buffer("running_mean", t)', False),
        ('self.register_buffer(name="running_mean", tensor=t)', False),
        ('setattr(self, "other", t)', False),
        ('self.register_buffer("batch_mean", t)', True),
        ('setattr(self, "batch_mean", t)', True),
        ("self.register_buffer(key, t)", True),
        ("setattr(self, key, t)", True),
        ("self.register_forward_hook(hook)", True),
        ("self.__dict__.update(d)", True),
        ("self.x = t", False),
    ],
)
def test_may_set_by_name(body: str, may: bool):
    function = cst.parse_statement(f"def __init__(self, t, key, hook, d):\n    {body}\n")
    assert _may_set_by_name(function, "batch_mean") is may


@requires_torch
@pytest.mark.torch
def test_probe_fails_to_script():
    import torch

    namespace: dict = {}
    exec(compile(PROBE.read_text(), str(PROBE), "exec"), namespace)
    with pytest.raises(RuntimeError, match="nonexistent attribute: batch_mean"):
        torch.jit.script(namespace["Model"]())


def test_min_of_a_size_and_ceil_of_a_tensor_is_reported():
    found = _script_findings(SAR.read_text(), "TL223")
    assert [d.line for d in found] == [38]
    assert "math.ceil" in found[0].message


@requires_torch
@pytest.mark.torch
def test_sar_probe_fails_when_scripted_model_runs():
    import torch

    namespace: dict = {}
    exec(compile(SAR.read_text(), str(SAR), "exec"), namespace)
    scripted = torch.jit.script(namespace["Model"]())
    with pytest.raises(RuntimeError, match="Cannot input a tensor of type Float as an integral"):
        scripted(*namespace["inputs"]()[0])
