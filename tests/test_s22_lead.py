"""Session 22, the lead's changes: TL318's grad-mode condition, heldout33's script misses."""

from __future__ import annotations

import dataclasses
import textwrap

import pytest

from torchlint.lint.config import Settings
from torchlint.lint.engine import lint_text

from .conftest import requires_torch
from .lint_helpers import findings, model_source, script_disagreements
from .test_script_misses import _flagged

# TL318 on `requires_grad_()` of a copy or a new tensor fails compile only while autograd is on
# (fresh2's siren: `self.grid.clone().detach().requires_grad_()`, run under torch.no_grad()
# where compile passes). Other spellings: a buffer's detached copy, a `torch.ones_like`
# perturbation, forward's own input (fails in any grad mode); the grad mode graph code sets
# itself decides: `with torch.enable_grad():` always fails, `@torch.no_grad()` never does.
GRAD_MODES = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)
        self.register_buffer("anchor", torch.zeros(1, 4))

    def forward(self, x):
        a = self.anchor.detach().requires_grad_()
        noise = torch.ones_like(x).requires_grad_(True)
        return self.net(x + a + noise)


class Saliency(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)

    def forward(self, x):
        x.requires_grad_()
        return self.net(x)


class Enabled(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)

    def forward(self, x):
        with torch.enable_grad():
            probe = x.detach().requires_grad_()
            return self.net(probe)


class Disabled(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 2)

    @torch.no_grad()
    def forward(self, x):
        probe = x.clone().requires_grad_()
        return self.net(probe)


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
"""


# Lines of the five markings: the two copies, the input, under enable_grad, under no_grad.
ANCHOR, NOISE, INPUT, ENABLED, DISABLED = (
    number
    for number, text in enumerate(textwrap.dedent(GRAD_MODES).lstrip("\n").splitlines(), 1)
    if "requires_grad_(" in text
)


def _by_line(mode: str = "all") -> dict[int, object]:
    settings = dataclasses.replace(
        Settings(select=("TL318",), targets=("compile",), targets_explicit=True), mode=mode
    )
    result = lint_text("model.py", textwrap.dedent(GRAD_MODES).lstrip("\n"), settings)
    return {d.line: d.condition for d in result.diagnostics}


def test_a_copy_marked_without_a_grad_mode_names_autograd_as_its_condition() -> None:
    assert _by_line() == {
        ANCHOR: "torch.is_grad_enabled()",
        NOISE: "torch.is_grad_enabled()",
        INPUT: None,
        ENABLED: None,
    }
    assert DISABLED not in [d.line for d in findings(GRAD_MODES, "TL318", "compile")]


def test_inference_mode_leaves_out_what_needs_autograd() -> None:
    assert _by_line("inference") == {INPUT: None, ENABLED: None}


@requires_torch
def test_torch_fails_each_flagged_marking_in_the_grad_mode_its_condition_says() -> None:
    import torch

    from .oracle import load_example

    module = load_example(textwrap.dedent(GRAD_MODES).lstrip("\n"))
    x = module.inputs()[0][0]

    def fails(model: torch.nn.Module, grad: bool) -> bool:
        torch._dynamo.reset()
        compiled = torch.compile(model, fullgraph=True, backend="eager")
        try:
            with torch.set_grad_enabled(grad):
                compiled(x.clone())
        except Exception:
            return True
        return False

    # The copies: fail with autograd on, pass under no_grad.
    assert fails(module.Model(), True) and not fails(module.Model(), False)
    # Forward's own input fails either way; enable_grad inside forward fails either way.
    assert fails(module.Saliency(), True) and fails(module.Saliency(), False)
    assert fails(module.Enabled(), True) and fails(module.Enabled(), False)
    # Graph code that turns autograd off itself passes either way.
    assert not fails(module.Disabled(), True) and not fails(module.Disabled(), False)


# Script misses of the blind batch heldout33, in other spellings: a local bound to None and then
# to a value inside a loop or an `if` (TL235: a while loop, an `if` on an argument, a nested `if`
# in a `for`; clean: annotated Optional, straight-line rebinding, a ModuleList loop, a test of
# the name itself); `str.endswith` / `startswith` given a tuple held on self or in a local
# (TL209; clean: one str); a `__constants__` entry built by `dict(...)` / `set(...)` (TL212;
# clean: a list). And b66's: attributes `__init__` binds to None stored by an unpacking
# assignment in scripted code (TL213; clean: bound to tensors), a plain object given a module
# (TL212; clean: an nn.ModuleList holding it).
SCRIPT_HEAD = "from typing import Optional\n\nimport torch\nfrom torch import Tensor, nn\n\n\n"


def _script_module(
    forward: str, init: str = "", body: str = "", methods: str = "", extra: str = ""
) -> str:
    return model_source(SCRIPT_HEAD, forward, init=init, body=body, methods=methods, extra=extra)


WHILE_REBOUND = (
    "        acc = None\n        i = 0\n        while i < 2:\n"
    "            acc = self.fc(x) * i\n            i += 1\n        return x"
)
IF_REBOUND = (
    "        bias = None\n        if x.dim() == 3:\n            bias = 1.5\n"
    "        return self.fc(x)"
)
NESTED_REBOUND = (
    "        best = None\n        for row in x.unbind(0):\n            if bool(row.sum() > 0):\n"
    "                best = row\n        return self.fc(x)"
)
ANNOTATED = (
    "        best: Optional[Tensor] = None\n        for row in x.unbind(0):\n"
    "            best = row\n        assert best is not None\n        return self.fc(x) + best"
)
STRAIGHT = "        h = None\n        h = self.fc(x)\n        return h"
MODULE_LOOP = (
    "        prev = None\n        for layer in self.blocks:\n            prev = layer(x)\n"
    "            x = prev * 2\n        return x"
)
BLOCKS = "        self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])"
TESTED = "        h = None\n        if h is None:\n            h = self.fc(x)\n        return h"
SUFFIXES = '        self.suffixes = ("fc", "proj")'
ENDSWITH_ATTR = (
    "        for name, _ in self.named_children():\n"
    "            if name.endswith(self.suffixes):\n                x = x * 2\n"
    "        return self.fc(x)"
)
ENDSWITH_LOCAL = (
    '        keep = ("fc", "proj")\n        for name, _ in self.named_children():\n'
    "            if name.startswith(keep):\n                x = x * 2\n        return self.fc(x)"
)
ENDSWITH_ONE = (
    "        for name, _ in self.named_children():\n"
    '            if name.endswith("fc"):\n                x = x * 2\n        return self.fc(x)'
)
CONSTANTS = '    __constants__ = ["table"]\n\n'
DICT_CONSTANT = "        self.table = dict(a=1, b=2)"
SET_CONSTANT = "        self.table = set([1, 2])"
LIST_CONSTANT = "        self.table = list((1, 2))"
USE_TABLE = "        return self.fc(x) * 2"

NONE_PAIR = "        self.lo = None\n        self.hi = None"
TENSOR_PAIR = "        self.lo = torch.zeros(())\n        self.hi = torch.zeros(())"
FILL_PAIR = "    def _fill(self, x):\n        self.lo, self.hi = x.min(), x.max()\n\n"
USE_FILL = "        self._fill(x)\n        return self.fc(x)"
HOLDER = "class Holder:\n    def __init__(self, layer):\n        self.layer = layer\n\n\n"
HOLD_FC = "        self.held = Holder(self.fc)"
USE_HELD = "        return self.held.layer(x)"
HOLD_IN_LIST = "        self.held = nn.ModuleList([self.fc])"
USE_LISTED = "        return self.held[0](x)"

# TL239 (heldout31's IPA prompt): a non-ASCII string's characters counted in scripted code
# (a local literal's len, an attribute's find, a loop over an attribute); clean: the same on
# ASCII text, splitting the non-ASCII text, and its len in the branch is_scripting() takes
# (written for TorchScript's bytes: the UTF-8 length eager computes).
LOCAL_LEN = '        label = "café"\n        return self.fc(x) * len(label)'
ATTR_FIND = '        return self.fc(x) * self.tag.find("v")'
ATTR_LOOP = (
    "        n = 0\n        for c in self.tag:\n            n += ord(c) % 3\n"
    "        return self.fc(x) * n"
)
BYTES_WHEN_SCRIPTED = (
    '        label = "café"\n'
    "        n = len(label) if torch.jit.is_scripting() else len(label.encode())\n"
    "        return self.fc(x) * n"
)
ATTR_SPLIT = '        return self.fc(x) * len(self.tag.split("ï"))'
NON_ASCII_TAG = '        self.tag = "naïve"'
ASCII_TAG = '        self.tag = "naive"'

SCRIPT_CASES = [
    ("TL235", _script_module(WHILE_REBOUND), True),
    ("TL235", _script_module(IF_REBOUND), True),
    ("TL235", _script_module(NESTED_REBOUND), True),
    ("TL235", _script_module(ANNOTATED), False),
    ("TL235", _script_module(STRAIGHT), False),
    ("TL235", _script_module(MODULE_LOOP, init=BLOCKS), False),
    ("TL235", _script_module(TESTED), False),
    ("TL209", _script_module(ENDSWITH_ATTR, init=SUFFIXES), True),
    ("TL209", _script_module(ENDSWITH_LOCAL), True),
    ("TL209", _script_module(ENDSWITH_ONE), False),
    ("TL212", _script_module(USE_TABLE, init=DICT_CONSTANT, body=CONSTANTS), True),
    ("TL212", _script_module(USE_TABLE, init=SET_CONSTANT, body=CONSTANTS), True),
    ("TL212", _script_module(USE_TABLE, init=LIST_CONSTANT, body=CONSTANTS), False),
    ("TL213", _script_module(USE_FILL, init=NONE_PAIR, methods=FILL_PAIR), True),
    ("TL213", _script_module(USE_FILL, init=TENSOR_PAIR, methods=FILL_PAIR), False),
    ("TL212", _script_module(USE_HELD, init=HOLD_FC, extra=HOLDER), True),
    ("TL212", _script_module(USE_LISTED, init=HOLD_IN_LIST, extra=HOLDER), False),
    ("TL239", _script_module(LOCAL_LEN), True),
    ("TL239", _script_module(ATTR_FIND, init=NON_ASCII_TAG), True),
    ("TL239", _script_module(ATTR_LOOP, init=NON_ASCII_TAG), True),
    ("TL239", _script_module(ATTR_FIND, init=ASCII_TAG), False),
    ("TL239", _script_module(ATTR_LOOP, init=ASCII_TAG), False),
    ("TL239", _script_module(ATTR_SPLIT, init=NON_ASCII_TAG), False),
    ("TL239", _script_module(BYTES_WHEN_SCRIPTED), False),
]


@pytest.mark.parametrize(("code", "source", "flagged"), SCRIPT_CASES)
def test_script_rule_verdict(code: str, source: str, flagged: bool) -> None:
    assert _flagged(code, source) == flagged, source


@requires_torch
@pytest.mark.torch
def test_torch_agrees_on_the_script_cases() -> None:
    disagree = script_disagreements(SCRIPT_CASES)
    assert not disagree, disagree


# TL101 on Python ranking by a tensor inside tuples (b66's beam prune: `sorted(cands, key=lambda
# c: c[0])` over `[(logp[i], i) for i in ...]`), in other spellings: `max` over a list display of
# (score, index) pairs, `min` over a generator; clean: the key takes the tuples' int.
RANK_HEAD = "import torch\nfrom torch import nn\n\n\n"
BY_SCORE_MAX = (
    "        pairs = [(x[0].sum(), 0), (x[1].sum(), 1)]\n"
    "        best = max(pairs, key=lambda p: p[0])\n        return self.fc(x[best[1]])"
)
BY_SCORE_MIN = (
    "        best = min(((x[i].norm(), i) for i in range(2)), key=lambda p: p[0])\n"
    "        return self.fc(x[best[1]])"
)
BY_INDEX = (
    "        pairs = [(x[i].sum(), i) for i in range(2)]\n"
    "        ranked = sorted(pairs, key=lambda p: p[1], reverse=True)\n"
    "        return self.fc(x[ranked[0][1]])"
)


def test_ranking_by_a_tensor_inside_tuples_is_flagged() -> None:
    for forward, flagged in ((BY_SCORE_MAX, True), (BY_SCORE_MIN, True), (BY_INDEX, False)):
        source = model_source(RANK_HEAD, forward)
        for backend in ("compile", "export"):
            assert bool(findings(source, "TL101", backend)) == flagged, (backend, forward)


@requires_torch
def test_torch_refuses_ranking_by_a_tensor_and_accepts_ranking_by_the_int() -> None:
    from .oracle import check

    for forward, fails in ((BY_SCORE_MAX, True), (BY_SCORE_MIN, True), (BY_INDEX, False)):
        source = model_source(RANK_HEAD, forward)
        for backend in ("compile", "export"):
            assert check(source, backend).ok != fails, (backend, forward)


# TL311 on a submodule's buffer updated in place and read by its owner (b66's min/max observer:
# the parent's forward uses self.obs.lo), in another spelling: a running mean updated by
# mul_ / add_ that the parent subtracts; clean: the parent reads a buffer nobody updates.
RUNNING_CHILD = """
import torch
from torch import nn


class RunningMean(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.zeros(4))
        self.register_buffer("scale", torch.ones(4))

    def forward(self, x):
        with torch.no_grad():
            self.mean.mul_(0.5).add_(x.mean(0), alpha=0.5)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stats = RunningMean()

    def forward(self, x):
        x = self.stats(x)
        return (x - self.stats.READ) * 2


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(3, 4) + 1,)]
"""


def test_a_child_state_its_owner_reads_is_flagged_for_trace() -> None:
    read = findings(RUNNING_CHILD.replace("READ", "mean"), "TL311", "trace")
    assert [d.line for d in read] == [13]  # the in-place update
    assert findings(RUNNING_CHILD.replace("READ", "scale"), "TL311", "trace") == []


@requires_torch
def test_torch_trace_diverges_on_the_read_state_only() -> None:
    from .oracle import check

    source = RUNNING_CHILD.lstrip("\n")
    assert not check(source.replace("READ", "mean"), "trace").ok
    assert check(source.replace("READ", "scale"), "trace").ok
