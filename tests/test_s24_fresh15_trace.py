"""Session 24 (helper-223): fresh15's false trace findings, in other spellings.

- TL114: an in-place method on the ``.data`` of module state whose result the code goes on to
  use (bayesian-torch's ``eps = self.eps_weight.data.normal_()``) is recorded by
  torch.jit.trace, which runs it on the tensor behind ``.data`` on every call; a dropped result,
  a local never read, an assignment through ``.data`` or another read of the state is not
  (the trace differs from eager from the second call on). Still an export finding.

Each claim about torch is checked by running torch.jit.trace and comparing with eager.
"""

from __future__ import annotations

import copy
import textwrap
import warnings
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

# ------------------------------------------------------------ TL114: writes through `.data`

DATA_MODEL = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("noise", torch.zeros(3, 4))
        self.mean = nn.Parameter(torch.ones(3, 4))

    def forward(self, x):
{body}
"""

# (forward body, whether torch.jit.trace's module computes what eager does on later calls)
DATA_WRITES = [
    # Recorded: the in-place method's result is used, the state is read only so.
    ("        eps = self.noise.data.normal_()\n        return x @ (self.mean + eps).t()", True),
    ("        return x @ torch.add(self.mean, self.noise.data.uniform_(-1, 1)).t()", True),
    (
        "        out = x\n        for _ in range(2):\n"
        "            step = self.noise.data.bernoulli_(0.5)\n"
        "            out = out + step.sum()\n        return out",
        True,
    ),
    (
        "        a = self.noise.data.normal_()\n        b = self.noise.data.uniform_()\n"
        "        return x @ (self.mean + a * b).t()",
        True,
    ),
    # A running state whose chained update is used (a constant sharing the buffer's storage).
    (
        "        avg = self.noise.data.mul_(0.5).add_(x.mean(0) * 0.5)\n"
        "        return x @ (self.mean + avg).t()",
        True,
    ),
    # Not recorded: the result is dropped, never read, or the state is read otherwise.
    ("        self.noise.data.normal_()\n        return x @ (self.mean + self.noise).t()", False),
    (
        "        eps = self.noise.data.normal_()\n        return x @ (self.mean + self.noise).t()",
        False,
    ),
    (
        "        before = x @ (self.mean + self.noise).t()\n"
        "        eps = self.noise.data.normal_()\n        return before + eps.sum()",
        False,
    ),
    (
        "        eps = self.noise.data.normal_()\n        twice = self.noise.data * 2\n"
        "        return x @ (self.mean + eps + twice).t()",
        False,
    ),
    (
        "        self.noise.data = torch.randn(3, 4)\n        return x @ (self.mean + self.noise).t()",
        False,
    ),
    (
        "        self.noise.data[0] = x.mean(0)\n        return x @ (self.mean + self.noise).t()",
        False,
    ),
    ("        y = x.clone()\n        y.data.mul_(2)\n        return y", False),
]


def _trace_matches_eager(module) -> bool:  # type: ignore[no-untyped-def]
    import torch

    torch.manual_seed(1)
    eager = module.Model()
    traced_from = copy.deepcopy(eager)
    example = torch.randn(2, 4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.manual_seed(5)
        eager(example)
        torch.manual_seed(5)
        traced = torch.jit.trace(traced_from, (example,), check_trace=False)
    for call in range(3):
        x = torch.randn(5, 4)
        torch.manual_seed(10 + call)
        want = eager(x)
        torch.manual_seed(10 + call)
        got = traced(x)
        if got.shape != want.shape or not torch.allclose(got, want):
            return False
    return True


@pytest.mark.parametrize("number", range(len(DATA_WRITES)))
def test_data_write_flagged_for_trace_only_where_the_trace_differs(number: int) -> None:
    body, _ = DATA_WRITES[number]
    source = DATA_MODEL.format(body=body)
    flagged = bool(findings(source, "TL114", "trace"))
    assert flagged is not DATA_WRITES[number][1], body
    # Every `.data` here is still an export finding.
    assert findings(source, "TL114", "export"), body


@requires_torch
@pytest.mark.parametrize("number", range(len(DATA_WRITES)))
def test_data_write_cases_agree_with_torch(tmp_path: Path, number: int) -> None:
    body, recorded = DATA_WRITES[number]
    module = load_module(tmp_path, DATA_MODEL.format(body=body), f"data_write_{number}")
    try:
        same = _trace_matches_eager(module)
    except RuntimeError:  # the example's constant in another input's shape
        same = False
    assert same is recorded, textwrap.indent(body, "  ")


# ------------------------------------------------------------ TL111: a dict output and the call

DICT_MODEL = """
import torch
from torch import nn
from collections import OrderedDict


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return OrderedDict(out=self.proj(x), mean=x.mean(0))


def run():
    x = torch.randn(2, 4)
{calls}
"""

# (the file's trace calls, whether all of them pass on a dict output)
TRACE_CALLS = [
    ("    return torch.jit.trace(Net(), (x,), strict=False)", True),
    ('    return torch.jit.trace_module(Net(), {"forward": (x,)}, strict=False)', True),
    ("    return torch.jit.trace(Net(), (x,))", False),
    ("    return torch.jit.trace(Net(), (x,), strict=True)", False),
    (
        "    loose = torch.jit.trace(Net(), (x,), strict=False)\n"
        "    return loose, torch.jit.trace(Net(), (x,))",
        False,
    ),
    ("    return Net()(x)", False),  # no call seen: the default call decides
]


@pytest.mark.parametrize("number", range(len(TRACE_CALLS)))
def test_dict_output_flagged_unless_the_file_traces_non_strict(number: int) -> None:
    calls, passes = TRACE_CALLS[number]
    flagged = findings(DICT_MODEL.format(calls=calls), "TL111", "trace")
    assert bool(flagged) is not passes, calls
    if flagged:
        assert "default strict mode" in flagged[0].message


@requires_torch
@pytest.mark.parametrize("number", range(len(TRACE_CALLS) - 1))
def test_dict_output_calls_agree_with_torch(tmp_path: Path, number: int) -> None:
    calls, passes = TRACE_CALLS[number]
    module = load_module(tmp_path, DICT_MODEL.format(calls=calls), f"dict_output_{number}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            module.run()
            ran = True
        except RuntimeError as error:
            assert "Encountering a dict at the output" in str(error)
            ran = False
    assert ran is passes, calls


# ------------------------------------------------------------ TL106: inside an autograd Function

FUNCTION_MODEL = """
import torch
from torch import nn


def running(x):
    y = x.clone()
    for i in range(1, x.shape[0]):
        y[i] = y[i] + 0.5 * y[i - 1]
    return y


def width_guard(x):
    if x.size(-1) == 1:
        return x
    return x * 2


class Running(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return width_guard(running(x))

    @staticmethod
    def backward(ctx, grad):
        return grad


class Model(nn.Module):
    def forward(self, x):
        return Running.apply(x) + 1
"""

# The same helpers called from the module's forward too: the direct call bakes the loop in.
DIRECT_CALL = """

class Direct(nn.Module):
    def forward(self, x):
        return running(x) + 1
"""


def _line(source: str, needle: str) -> int:
    return next(n for n, text in enumerate(source.splitlines(), 1) if needle in text)


def test_size_loop_in_autograd_function_not_flagged_for_trace() -> None:
    source = FUNCTION_MODEL.lstrip("\n")
    lines = {d.line for d in findings(source, "TL106", "trace")}
    assert _line(source, "for i in range") not in lines
    # A test of a size read off the tensor still warns while tracing: kept.
    assert _line(source, "if x.size(-1) == 1") in lines


def test_size_loop_flagged_where_also_called_directly() -> None:
    source = (FUNCTION_MODEL + DIRECT_CALL).lstrip("\n")
    lines = {d.line for d in findings(source, "TL106", "trace")}
    assert _line(source, "for i in range") in lines


@requires_torch
def test_autograd_function_runs_python_on_every_traced_call(tmp_path: Path) -> None:
    import torch

    module = load_module(tmp_path, FUNCTION_MODEL + DIRECT_CALL, "function_trace")
    example, other = torch.randn(4, 3), torch.randn(7, 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        through = torch.jit.trace(module.Model(), (example,), check_trace=False)
        direct = torch.jit.trace(module.Direct(), (example,), check_trace=False)
    assert torch.allclose(through(other), module.Model()(other))
    assert not torch.allclose(direct(other), module.Direct()(other))
    source = (tmp_path / "function_trace.py").read_text()
    warned = {
        w.lineno
        for w in caught
        if issubclass(w.category, torch.jit.TracerWarning) and w.filename.endswith("trace.py")
    }
    assert _line(source, "if x.size(-1) == 1") in warned
    assert _line(source, "for i in range") not in warned
