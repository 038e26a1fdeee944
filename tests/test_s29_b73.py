"""Session 29 (helper-260): what blind probe batch b73's misses and false alarm led to, in
other spellings. Each claim about torch is checked through the test oracle (torch 2.13, CPU).

- Kinds: the ``operator`` module's binary functions compute what their operator does, so
  ``operator.gt(p.max(), thr)`` is a tensor and ``if operator.gt(...):`` a Python branch on
  tensor data (TL101: fullgraph raises, export fails); on sizes it is a size decision.
- Script (TL209): a ``functools.partial`` bound at the top of the file and called by name in
  scripted code (``warp = partial(F.grid_sample, align_corners=True)``) fails to script
  (INTERNAL ASSERT FAILED, arg_types.size() == param_names.size() - ...).
- Trace (TL101): a branch on tensor data inside a ``torch.autograd.Function``'s forward is run
  again on every call of the trace (the Function is one Python op there), so the trace only
  warns; compile and export still fail on it.
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = "import functools\nimport operator\n\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n\n"

# -- kinds: operator.* functions --------------------------------------------------------------
OPERATOR = """
class Model(nn.Module):
    def forward(self, x):
        if {test}:
            return x * 2
        return x - 1


def inputs():
    return [(torch.randn(3, 4) * 0.01,), (torch.randn(3, 4) + 5,)]
"""
OPERATOR_LINE = 12
ON_DATA = {
    "gt": "operator.gt(x.max(), 0.5)",
    "ne_sum": "operator.ne(x.gt(1).sum(), 0)",
    "and": "operator.and_(x.max() > 0.5, x.min() > -9.0)",
}
ON_SIZES = {
    "gt_size": "operator.gt(x.shape[0], 2)",
    "mod_size": "operator.mod(x.size(1), 2) == 0",
}


def _operator(test: str) -> str:
    return HEADER + OPERATOR.format(test=test)


@pytest.mark.parametrize("name", sorted(ON_DATA))
def test_operator_function_on_data_flagged(name: str) -> None:
    found = findings(_operator(ON_DATA[name]), "TL101", "compile")
    assert [d.line for d in found] == [OPERATOR_LINE]
    assert [d.line for d in findings(_operator(ON_DATA[name]), "TL101", "export")] == [
        OPERATOR_LINE
    ]


@pytest.mark.parametrize("name", sorted(ON_SIZES))
def test_operator_function_on_sizes_not_a_tensor_condition(name: str) -> None:
    assert findings(_operator(ON_SIZES[name]), "TL101", "compile") == []


@requires_torch
@pytest.mark.parametrize("name", sorted(ON_DATA))
def test_operator_function_on_data_fails_compile_and_export(name: str) -> None:
    from .oracle import check

    source = _operator(ON_DATA[name])
    assert not check(source, "fullgraph").ok
    assert not check(source, "export").ok


@requires_torch
@pytest.mark.parametrize("name", sorted(ON_SIZES))
def test_operator_function_on_sizes_compiles(name: str) -> None:
    from .oracle import check

    source = _operator(ON_SIZES[name])
    assert check(source, "compile").ok
    assert check(source, "export").ok


# -- script: a module-level partial called by name ----------------------------------------------
PARTIAL = """
{binding}


class Model(nn.Module):
    def forward(self, x):
        return {call}


def inputs():
    return [(torch.randn(2, 3) * 8,), (torch.randn(4, 3),)]
"""
PARTIALS = {
    "hardtanh": ("relu6 = functools.partial(F.hardtanh, min_val=0.0, max_val=6.0)", "relu6(x)"),
    "f_softmax": ("soft = functools.partial(F.softmax, dim=-1)", "soft(x) * 2"),
    "own_def": (
        "def scaled(x: torch.Tensor, k: float = 1.0) -> torch.Tensor:\n"
        "    return x * k\n\n\n"
        "double = functools.partial(scaled, k=2.0)",
        "double(x)",
    ),
}
NOT_PARTIALS = {
    # A partial of a builtin op: TorchScript binds the operator.
    "torch_builtin": ("soft = functools.partial(torch.softmax, dim=-1)", "soft(x) * 2"),
    "f_builtin": ("gelu = functools.partial(F.gelu, approximate='tanh')", "gelu(x)"),
    # The wrapped function called with its arguments spelled out.
    "spelled_out": (
        "relu6 = functools.partial(F.hardtanh, min_val=0.0, max_val=6.0)",
        "F.hardtanh(x, min_val=0.0, max_val=6.0)",
    ),
    # A module-level def with the arguments as defaults.
    "def_defaults": (
        "def relu6(x: torch.Tensor, lo: float = 0.0, hi: float = 6.0) -> torch.Tensor:\n"
        "    return F.hardtanh(x, lo, hi)",
        "relu6(x)",
    ),
}


def _partial(binding: str, call: str) -> str:
    return HEADER + PARTIAL.format(binding=binding, call=call)


# F.hardtanh and F.softmax are told from builtin ops by torch's installed source.
@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=() if name == "own_def" else requires_torch)
        for name in sorted(PARTIALS)
    ],
)
def test_module_partial_call_flagged(name: str) -> None:
    source = _partial(*PARTIALS[name])
    found = findings(source, "TL209", "script")
    assert [d.line for d in found] == [
        source.splitlines().index("        return " + PARTIALS[name][1]) + 1
    ]
    assert "partial" in found[0].message


@pytest.mark.parametrize("name", sorted(NOT_PARTIALS))
def test_spelled_out_call_not_flagged(name: str) -> None:
    assert findings(_partial(*NOT_PARTIALS[name]), "TL209", "script") == []


def test_parameter_named_like_partial_not_flagged() -> None:
    source = HEADER + (
        "warp = functools.partial(F.grid_sample, align_corners=True)\n\n\n"
        "class Model(nn.Module):\n"
        "    def forward(self, x):\n"
        "        return self.apply_fn(x, lambda t: t)\n\n"
        "    def apply_fn(self, x, warp):\n"
        "        return warp(x)\n"
    )
    assert [d.line for d in findings(source, "TL209", "script") if "partial" in d.message] == []


@requires_torch
@pytest.mark.parametrize("name", sorted(PARTIALS))
def test_module_partial_call_fails_script(name: str) -> None:
    from .oracle import check

    assert not check(_partial(*PARTIALS[name]), "script").ok


@requires_torch
@pytest.mark.parametrize("name", sorted(NOT_PARTIALS))
def test_spelled_out_call_scripts(name: str) -> None:
    from .oracle import check

    assert check(_partial(*NOT_PARTIALS[name]), "script").ok


# -- trace: a branch inside a torch.autograd.Function's forward -------------------------------
FUNCTION = """
class Clip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        if (x > 1).any():
            x = x.clamp(max=1.0) * 3
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad


class Model(nn.Module):
    def forward(self, x):
        return Clip.apply(x) + 1


def inputs():
    return [(torch.zeros(2, 3),), (torch.full((2, 3), 5.0),)]
"""
FUNCTION_LINE = 13
# The same branch in the module's own forward: the trace bakes it in.
DIRECT = """
class Model(nn.Module):
    def forward(self, x):
        if (x > 1).any():
            x = x.clamp(max=1.0) * 3
        return x + 1


def inputs():
    return [(torch.zeros(2, 3),), (torch.full((2, 3), 5.0),)]
"""


def test_branch_in_autograd_function_only_warns_for_trace() -> None:
    found = findings(HEADER + FUNCTION, "TL101", "trace")
    assert [d.line for d in found] == [FUNCTION_LINE]
    assert "trace" in found[0].warns
    assert "Python op" in found[0].message
    assert [d.line for d in findings(HEADER + FUNCTION, "TL101", "compile")] == [FUNCTION_LINE]


def test_branch_in_forward_still_fails_trace() -> None:
    found = findings(HEADER + DIRECT, "TL101", "trace")
    assert [d.line for d in found] == [12]
    assert "trace" not in found[0].warns


@requires_torch
def test_trace_runs_autograd_function_branch_per_input() -> None:
    from .oracle import check, trace_warnings

    source = HEADER + FUNCTION
    assert check(source, "trace").ok
    assert any(line == FUNCTION_LINE for line, _, _ in trace_warnings(source))
    assert not check(source, "fullgraph").ok


@requires_torch
def test_trace_bakes_in_direct_branch() -> None:
    from .oracle import check

    assert not check(HEADER + DIRECT, "trace").ok
