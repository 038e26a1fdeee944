"""Session 29 (helper-264): fresh20's trace, compile and export misses, in other spellings.

- Kinds: ``dt.item() if isinstance(dt, torch.Tensor) else dt`` sees a tensor on the left of a
  ternary whose test proves it (as an ``if`` statement's body does), and, for a parameter
  annotated as a tensor or something else (``dt: Union[float, torch.Tensor]``), that something
  else where the test proves it is no tensor: the result is a number read from data on one
  path (TL103 at the ``.item()``, TL101 for compile and export at a later ``if dt_val <= 0:``),
  and ``math.sqrt(dt)`` of the float side is no tensor conversion (torch-friction).
- Regions: a module's public ``forward_<mode>`` method (``forward_trajectory``) is an
  alternative forward a caller runs in its place, graph code for trace, compile and export
  (torch-friction's trajectory, whose size tests the tracer bakes in).
- TL101: an ``if`` on tensor data whose body only reports names trace as a warning: the tracer
  warns at the bool() and drops the report (torch-friction's state and step-size warnings).
- TL106: ``math.sqrt(d)`` (``int`` / ``float``) of a feature size (the last dimension) is a
  trace warning: the same number for every input the weights accept, but a 0-d tensor while
  tracing (floydnet's pivotal attention scale); ``torch._higher_order_ops.associative_scan``
  tests its inputs' sizes in Python (torch-slices' chunked scan).

Each claim about torch is checked by running it (torch 2.13, CPU).
"""

from __future__ import annotations

import textwrap

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

# torch-friction's step: a time step given as a float or a 0-d tensor, read as a number.
STEP = """
from typing import Union

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, dt: Union[float, torch.Tensor]):
        dt_val = dt.item() if isinstance(dt, torch.Tensor) else dt
        if dt_val <= 0:
            raise ValueError(f"dt must be positive, got {dt_val}")
        return x * 2


def inputs():
    return [(torch.rand(6), torch.tensor(0.01)), (torch.rand(10), torch.tensor(0.02))]
"""

# The negated spelling; `math.sqrt` only of the float side.
STEP_FLOAT_SIDE = """
import math
from typing import Union

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, dt: Union[float, torch.Tensor]):
        root = math.sqrt(dt) if not isinstance(dt, torch.Tensor) else dt.sqrt()
        return x * root


def inputs():
    return [(torch.rand(6), torch.tensor(0.01)), (torch.rand(10), torch.tensor(0.02))]
"""

# torch-friction's `forward_trajectory`, called by a model from another package.
TRAJECTORY = """
import torch
from torch import nn


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(()))

    def forward_trajectory(self, v):
        steps = v.shape[1]
        if steps == 0:
            return torch.empty_like(v)
        out = torch.empty_like(v)
        for t in range(steps):
            out[:, t] = v[:, t] * self.w
        return out
"""

TRAJECTORY_MODEL = """
import torch
from torch import nn

from s29_layer import Layer


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = Layer()

    def forward(self, v):
        return self.layer.forward_trajectory(v)


def inputs():
    return [(torch.rand(2, 3),), (torch.rand(2, 5),)]
"""

# torch-friction's trajectory takes its step size as a float or a tensor: the model's Python
# calls a `forward_<mode>` method, and passes its setting as a number.
TRAJECTORY_STEP = """
from typing import Union

import torch
from torch import nn


class Layer(nn.Module):
    def forward_trajectory(self, v: torch.Tensor, dt: Union[float, torch.Tensor]):
        dt_val = dt.item() if isinstance(dt, torch.Tensor) else dt
        if dt_val <= 0:
            raise ValueError(f"dt must be positive, got {dt_val}")
        return v.cumsum(1) * dt_val


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = Layer()

    def forward(self, v):
        return self.layer.forward_trajectory(v, 0.01)


def inputs():
    return [(torch.rand(2, 3),), (torch.rand(2, 5),)]
"""

# A public method with another name is no forward: nothing says a model runs it.
NOT_A_FORWARD = TRAJECTORY.replace("forward_trajectory", "trajectory")

# torch-friction's state check: warn about negative states, nothing else.
REPORTS = """
import warnings

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if (x < 0).any():
            warnings.warn("negative values are clamped")
        return x.clamp(min=0)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(3, 3),)]
"""

# The same report on a Python setting: no tensor is tested.
REPORTS_SETTING = """
import warnings

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, verbose: bool = False):
        super().__init__()
        self.verbose = verbose

    def forward(self, x):
        if self.verbose:
            warnings.warn("clamping")
        return x.clamp(min=0)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(3, 3),)]
"""

# floydnet's scale: the head size of a five-dimensional query, unpacked from its shape.
FEATURE_SCALE = """
import math

import torch
from torch import nn


def attend(q, k):
    B, H, L, M, D = q.shape
    scale = 1.0 / math.sqrt(2.0 * D)
    return torch.einsum("bhlmd,bhlnd->bhlmn", q * scale, k)


class Model(nn.Module):
    def forward(self, q, k):
        return attend(q, k)


def inputs():
    return [(torch.randn(1, 2, 3, 3, 4), torch.randn(1, 2, 3, 3, 4)), (torch.randn(2, 2, 4, 4, 4), torch.randn(2, 2, 4, 4, 4))]
"""

# The same scale from the configured head size: no size of the input is read.
CONFIG_SCALE = """
import math

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.dim = dim

    def forward(self, q, k):
        scale = 1.0 / math.sqrt(2.0 * self.dim)
        return torch.einsum("bhlmd,bhlnd->bhlmn", q * scale, k)


def inputs():
    return [(torch.randn(1, 2, 3, 3, 4), torch.randn(1, 2, 3, 3, 4)), (torch.randn(2, 2, 4, 4, 4), torch.randn(2, 2, 4, 4, 4))]
"""

# torch-slices' chunked parallel scan, through a local alias.
SCAN = """
import torch
from torch import nn


def combine(a, b):
    return a + b


class Model(nn.Module):
    def forward(self, x):
        scan = torch._higher_order_ops.associative_scan
        return scan(combine, x, dim=1, combine_mode="generic")


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""

# The same prefix sums by torch's own operator.
CUMSUM = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        return torch.cumsum(x, dim=1)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def _lines(source: str, code: str, target: str) -> list[int]:
    return [d.line for d in findings(source, code, target)]


def _source(source: str) -> str:
    return textwrap.dedent(source).lstrip("\n")


def test_item_of_a_parameter_proved_a_tensor_in_a_ternary_is_flagged():
    assert _lines(STEP, "TL103", "trace") == [9]
    assert _lines(STEP, "TL101", "compile") == [10]
    assert _lines(STEP, "TL101", "export") == [10]


def test_the_float_side_of_a_union_parameter_is_no_tensor():
    assert _lines(STEP_FLOAT_SIDE, "TL102", "trace") == []
    assert _lines(STEP_FLOAT_SIDE, "TL102", "compile") == []


def test_a_forward_prefixed_method_is_graph_code(tmp_path):
    from .lint_helpers import project_findings

    files = {"s29_layer.py": _source(TRAJECTORY)}
    assert project_findings(tmp_path, files, "TL106", "trace") == [
        ("s29_layer.py", 12),
        ("s29_layer.py", 15),
    ]
    other = {"s29_layer.py": _source(NOT_A_FORWARD)}
    assert project_findings(tmp_path / "other", other, "TL106", "trace") == []


def test_a_number_or_tensor_parameter_of_a_forward_prefixed_method_is_the_number():
    for code, target in (("TL103", "trace"), ("TL101", "compile"), ("TL101", "export")):
        assert _lines(TRAJECTORY_STEP, code, target) == []


@requires_torch
@pytest.mark.parametrize("backend", ["trace", "compile", "export"])
def test_torch_converts_a_forward_prefixed_method_given_a_number(backend):
    from .oracle import check, trace_warnings

    assert check(_source(TRAJECTORY_STEP), backend).ok
    if backend == "trace":
        assert trace_warnings(_source(TRAJECTORY_STEP)) == []


def test_a_reporting_branch_on_tensor_data_warns_for_trace():
    found = findings(REPORTS, "TL101", "trace")
    assert [d.line for d in found] == [9]
    assert found[0].warns == ("trace",)
    assert _lines(REPORTS, "TL101", "compile") == [9]
    assert _lines(REPORTS_SETTING, "TL101", "trace") == []


def test_math_of_a_feature_size_warns_for_trace():
    found = findings(FEATURE_SCALE, "TL106", "trace")
    assert [d.line for d in found] == [9]
    assert found[0].warns == ("trace",)
    assert _lines(CONFIG_SCALE, "TL106", "trace") == []


def test_associative_scan_warns_for_trace():
    found = findings(SCAN, "TL106", "trace")
    assert [d.line for d in found] == [12]
    assert found[0].warns == ("trace",)
    assert _lines(CUMSUM, "TL106", "trace") == []


@requires_torch
@pytest.mark.parametrize(
    ("source", "line"),
    [(STEP, 9), (REPORTS, 9), (FEATURE_SCALE, 9), (SCAN, 12)],
    ids=["item", "report", "feature-size", "scan"],
)
def test_torch_warns_while_tracing_the_flagged_lines(source, line):
    from .oracle import trace_warnings

    assert line in [w[0] for w in trace_warnings(_source(source))]


@requires_torch
@pytest.mark.parametrize(
    "source",
    [STEP_FLOAT_SIDE, REPORTS_SETTING, CONFIG_SCALE, CUMSUM],
    ids=["float-side", "setting", "config-scale", "cumsum"],
)
def test_torch_traces_the_clean_spellings_without_a_warning(source):
    from .oracle import check, trace_warnings

    assert trace_warnings(_source(source)) == []
    assert check(_source(source), "trace").ok


@requires_torch
@pytest.mark.parametrize("backend", ["compile", "export"])
def test_torch_fails_the_number_read_by_a_ternary_under_compile_and_export(backend):
    from .oracle import check

    assert not check(_source(STEP), backend).ok


@requires_torch
@pytest.mark.parametrize("backend", ["compile", "export"])
def test_torch_compiles_and_exports_the_float_side(backend):
    from .oracle import check

    assert check(_source(STEP_FLOAT_SIDE), backend).ok


@requires_torch
def test_torch_bakes_in_the_size_tests_of_a_forward_prefixed_method(tmp_path, monkeypatch):
    import sys
    import warnings

    import torch

    (tmp_path / "s29_layer.py").write_text(_source(TRAJECTORY))
    (tmp_path / "s29_model.py").write_text(_source(TRAJECTORY_MODEL))
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("s29_layer", None)
    sys.modules.pop("s29_model", None)
    import s29_model  # noqa: PLC0415

    model = s29_model.Model()
    a, b = (args[0] for args in s29_model.inputs())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        traced = torch.jit.trace(model, (a,), check_trace=False)
    lines = {
        w.lineno
        for w in caught
        if issubclass(w.category, torch.jit.TracerWarning) and w.filename.endswith("s29_layer.py")
    }
    assert 12 in lines  # `if steps == 0:` read as a Python bool
    # The loop ran for the example's 3 steps: the trace of a 5-step input leaves 2 unwritten.
    assert not torch.equal(traced(b)[:, 3:], model(b)[:, 3:])
