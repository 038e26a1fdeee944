"""TL242 (a method under `functools.lru_cache` called in scripted code), from the blind b63
batch, in other spellings than the probe: a class method, a cached method reached through a
helper method, `functools.cache` imported by name; a static method over the cache and a cached
method only eager code calls are not flagged. Each verdict is checked with torch."""

from __future__ import annotations

from .conftest import requires_torch
from .lint_helpers import findings

CACHED_REACHED_BY_HELPER = """
import torch
from torch import nn
from functools import cache


class Model(nn.Module):
    @classmethod
    @cache
    def ramp(cls, n: int) -> torch.Tensor:
        return torch.arange(n).float()

    @cache
    def table(self, n: int) -> torch.Tensor:
        return torch.arange(n).float() * 2

    def _mix(self, x):
        return x + self.table(x.shape[-1])

    def forward(self, x):
        return self._mix(x) - self.ramp(x.shape[-1])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
"""

STATIC_OR_EAGER_ONLY = """
import functools

import torch
from torch import nn


class Model(nn.Module):
    @staticmethod
    @functools.lru_cache(maxsize=None)
    def ramp(n: int) -> torch.Tensor:
        return torch.arange(n).float()

    @functools.lru_cache(maxsize=2)
    def describe(self, n: int) -> str:
        return f"width {n}"

    @torch.jit.unused
    def summary(self, x) -> str:
        return self.describe(x.shape[-1])

    def forward(self, x):
        return x + self.ramp(x.shape[-1])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
"""


def test_cached_methods_reached_from_forward_are_flagged() -> None:
    lines = [d.line for d in findings(CACHED_REACHED_BY_HELPER, "TL242", "script")]
    assert lines == [17, 20]


def test_a_static_cached_method_and_one_only_eager_code_calls_are_not_flagged() -> None:
    assert findings(STATIC_OR_EAGER_ONLY, "TL242", "script") == []


@requires_torch
def test_torch_agrees_on_cached_methods() -> None:
    from .oracle import check

    failed = check(CACHED_REACHED_BY_HELPER, "script")
    assert not failed.ok and "__globals__" in failed.detail
    assert check(STATIC_OR_EAGER_ONLY, "script").ok


# TL120: from b63's `logger.debug(f"... {tuple(x.shape)}")` and b64's `warnings.warn(f"...
# {v.abs().max()}")`, in other spellings: `"{}".format` of a size in a module-level logging
# call, `%` of a parameter's size, `repr()` of a size, a tensor handed to print through a
# helper method; look-alikes the tracer formats without reading a value.
REPORTED_VALUES = """
import logging

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def _report(self, h):
        print("activation", h.std())

    def forward(self, x):
        h = self.fc(x)
        logging.warning("rows {}".format(x.size(0)))
        print("width %s" % (self.fc.weight.shape[1],))
        print("batch " + repr(x.shape[0]))
        self._report(h)
        return h.relu()


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""

REPORTED_WITHOUT_TRACED_VALUES = """
import logging

import torch
from torch import nn

log = logging.getLogger(__name__)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.name = "head"

    def forward(self, x):
        h = self.fc(x)
        print(f"{self.name}: shape {x.shape} rank {x.dim()} dtype {x.dtype}")
        log.info("rows %d", x.size(0))
        if self.name != "head":
            raise ValueError(f"batch {h.shape[0]} too large")
        return h.relu()


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_traced_values_formatted_for_reports_are_flagged() -> None:
    found = findings(REPORTED_VALUES, "TL120", "trace")
    assert [d.line for d in found] == [13, 17, 18, 19]
    assert all(d.warns == ("trace",) for d in found)


def test_reports_of_untraced_values_are_not_flagged() -> None:
    assert findings(REPORTED_WITHOUT_TRACED_VALUES, "TL120", "trace") == []


@requires_torch
def test_torch_warns_exactly_at_the_flagged_reports() -> None:
    from .oracle import check, trace_warnings

    warned = {w[0] for w in trace_warnings(REPORTED_VALUES.lstrip("\n"))}
    assert {13, 17, 18, 19} <= warned
    assert check(REPORTED_VALUES, "trace").ok  # the traced module's outputs stay eager's
    assert trace_warnings(REPORTED_WITHOUT_TRACED_VALUES) == []


# TL101 on `torch._assert` of tensor data under trace: the tracer warns and drops the check
# (a failure, as for `assert`: the trace accepts inputs eager rejects).
TORCH_ASSERT = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, w):
        total = w.sum(-1)
        torch._assert(((total - 1.0).abs() < 1e-4).all(), "weights must sum to 1")
        return w * 2


def inputs():
    return [(torch.softmax(torch.randn(2, 3), -1),), (torch.softmax(torch.randn(4, 3), -1),)]
"""


def test_torch_assert_on_data_names_trace_as_a_warning() -> None:
    (found,) = findings(TORCH_ASSERT, "TL101", "trace")
    assert found.line == 8 and "drops the check" in found.message


@requires_torch
def test_torch_drops_a_torch_assert_from_the_trace() -> None:
    import torch

    from .oracle import load_example, trace_warnings

    assert 8 in {w[0] for w in trace_warnings(TORCH_ASSERT.lstrip("\n"))}
    module = load_example(TORCH_ASSERT)
    model = module.Model()
    traced = torch.jit.trace(model, module.inputs()[0])
    rejected = torch.full((2, 3), 5.0)
    try:
        model(rejected)
    except AssertionError:
        pass
    else:
        raise AssertionError("eager accepted weights that do not sum to 1")
    assert torch.equal(traced(rejected), rejected * 2)


# TL318 on `requires_grad_()` of a tensor that does not require grad (b64's saliency wrapper,
# `x = x.clone().requires_grad_(True)`), in other spellings: forward's input itself, a detached
# copy of a layer's output, a new `zeros_like` perturbation; look-alikes compile accepts: a
# layer's output (already requiring grad: a no-op) and `requires_grad_(False)` of a copy.
MARKED_LEAVES = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)

    def forward(self, x):
        x.requires_grad_()
        h = self.net(x).detach().requires_grad_(True)
        delta = torch.zeros_like(x).requires_grad_()
        return h + self.net(x + delta)


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
"""

MARKED_NO_OPS = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)

    def forward(self, x):
        h = self.net(x)
        h.requires_grad_(True)
        frozen = x.detach().requires_grad_(False)
        return h + self.net(frozen)


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
"""


def test_tensors_without_grad_marked_as_requiring_it_are_flagged() -> None:
    lines = [d.line for d in findings(MARKED_LEAVES, "TL318", "compile")]
    assert lines == [11, 12, 13]
    assert findings(MARKED_NO_OPS, "TL318", "compile") == []


@requires_torch
def test_torch_refuses_each_marked_leaf_and_accepts_the_no_ops() -> None:
    from .oracle import check

    source = MARKED_LEAVES.lstrip("\n")
    lines = source.splitlines()
    for line in (11, 12, 13):  # each marking alone fails fullgraph
        others = {11, 12, 13} - {line}
        alone = "\n".join(
            text.replace(".requires_grad_(True)", "").replace(".requires_grad_()", "")
            if number in others
            else text
            for number, text in enumerate(lines, 1)
        )
        assert not check(alone, "compile").ok, line
    assert check(source, "export").ok and check(source, "trace").ok
    assert check(MARKED_NO_OPS.lstrip("\n"), "compile").ok


# TL305 names export for a `torch.Generator` made in graph code (b64's drop-path mask): export
# lifts the generator of the export call into the program, so a second call draws on. Another
# spelling: an unseeded generator made in a helper (eager starts from the same default seed on
# every call).
GENERATOR_IN_HELPER = """
import torch
from torch import nn


def keep_mask(rows: int) -> torch.Tensor:
    g = torch.Generator()
    return (torch.rand(rows, 1, generator=g) > 0.5).float()


class Model(nn.Module):
    def forward(self, x):
        return x * keep_mask(x.shape[0])


def inputs():
    return [(torch.randn(6, 3),), (torch.randn(6, 3),)]
"""


def test_a_generator_made_in_a_helper_names_export() -> None:
    (found,) = findings(GENERATOR_IN_HELPER, "TL305", "export")
    assert found.line == 6 and "lifts the generator" in found.message


@requires_torch
def test_the_exported_program_draws_on_from_the_lifted_generator() -> None:
    from .oracle import check

    assert not check(GENERATOR_IN_HELPER.lstrip("\n"), "export").ok


# A loss written on torch's private `_Loss` base (fresh13's pypose and pytorch-optimizer) is a
# module: its forward is graph code.
LOSS_ON_PRIVATE_BASE = """
import torch
from torch.nn.modules.loss import _WeightedLoss


class FocalLoss(_WeightedLoss):
    def forward(self, input: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        if input.sum() > 0:
            return (input - target).abs().mean()
        return input.mean()


Model = FocalLoss


def inputs():
    return [(torch.randn(4), torch.randn(4)), (-torch.ones(4), torch.randn(4))]
"""


def test_a_loss_on_a_private_torch_base_is_graph_code() -> None:
    assert [d.line for d in findings(LOSS_ON_PRIVATE_BASE, "TL101", "compile")] == [7]


@requires_torch
def test_private_module_bases_are_torch_nn_modules_private_module_classes() -> None:
    import importlib
    import inspect
    import pkgutil

    import torch

    from torchlint.lint.semantic.index import PRIVATE_TORCH_MODULE_BASES

    found = set()
    for info in pkgutil.walk_packages(torch.nn.__path__, "torch.nn."):
        try:
            module = importlib.import_module(info.name)
        except Exception:  # optional dependencies of some submodules
            continue
        for name, value in vars(module).items():
            if (
                name.startswith("_")
                and name.lstrip("_")[:1].isupper()
                and inspect.isclass(value)
                and issubclass(value, torch.nn.Module)
                and value.__module__.startswith("torch.nn.")
            ):
                found.add(f"{value.__module__}.{name}")
    assert found == PRIVATE_TORCH_MODULE_BASES
    assert not check_compile_ok(LOSS_ON_PRIVATE_BASE)


def check_compile_ok(source: str) -> bool:
    from .oracle import check

    return check(source.lstrip("\n"), "compile").ok


# A registered operator returns what its schema says, often a tuple (fresh2's sru:
# `h, c = torch.ops.sru_cuda.sru_bi_forward(...)`): unpacking it is no tensor iteration, and
# TL105's `.unbind(0)` fix would have broken the call.
REGISTERED_OPERATOR_PAIR = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h, c = torch.ops.mylib.recurrent_step(x)
        top, rest = torch.relu(x)
        return h + c + top + rest
"""


def test_unpacking_a_registered_operators_result_is_not_tensor_iteration() -> None:
    assert [d.line for d in findings(REGISTERED_OPERATOR_PAIR, "TL105", "trace")] == [8]


# TL106 leaves out a memo filled on a miss keyed by a size (b65's rotary tables): under trace
# the size is a tensor no key equals, every call builds the value, traced.
MEMO_BY_SIZE = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self._ramps = {}
        self._seen = {}

    def ramp(self, n: int) -> torch.Tensor:
        if n not in self._ramps:
            self._ramps[n] = torch.arange(n).float() / n
        return self._ramps[n]

    def forward(self, x):
        return x * self.ramp(x.shape[-1])


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 6),)]
"""


def test_a_memo_filled_on_a_miss_is_no_size_decision() -> None:
    assert findings(MEMO_BY_SIZE, "TL106", "trace") == []
    # The same test without the store is a size decision again.
    unfilled = MEMO_BY_SIZE.replace("self._ramps[n] = torch", "ramp = torch")
    assert [d.line for d in findings(unfilled, "TL106", "trace")] == [12]


@requires_torch
def test_the_traced_memo_follows_every_size() -> None:
    from .oracle import check

    assert check(MEMO_BY_SIZE.lstrip("\n"), "trace").ok


@requires_torch
def test_marked_leaves_compile_under_no_grad() -> None:
    import torch

    from .oracle import load_example

    # A copy and a new tensor: forward's own input still fails (Unsupported call).
    copies = MARKED_LEAVES.replace("        x.requires_grad_()\n", "")
    module = load_example(copies.lstrip("\n"))
    torch._dynamo.reset()
    compiled = torch.compile(module.Model(), fullgraph=True, backend="eager")
    with torch.no_grad():
        compiled(*module.inputs()[0])
