"""Session 24, the lead's changes: fresh15's TL311 false findings on torchmetrics' metrics, in
other spellings (a state registry in a base class of another file, reset by a graph method)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_script_repaired, fixed_text
from .lint_helpers import findings, load_module, project_findings

# A base class that registers named states (`self._initial[name] = ...` and `setattr`) and a
# `forward` that saves them, resets every registered state from its stored default, computes
# the batch's value and merges the saved states back: each call's output is this call's alone.
BASE = """
import torch
from torch import nn


class StatefulMetric(nn.Module):
    def __init__(self):
        super().__init__()
        self._initial = {}

    def register_state(self, name, init):
        setattr(self, name, init.clone())
        self._initial[name] = init.clone()

    def clear_states(self):
        for key in self._initial:
            setattr(self, key, self._initial[key].clone())

    def forward(self, x):
        saved = {key: getattr(self, key) for key in self._initial}
        {reset}
        self.accumulate(x)
        out = self.value()
        for key, old in saved.items():
            setattr(self, key, old + getattr(self, key))
        return out
"""
RESETS = "self.clear_states()"
NO_RESET = "pass"

METRIC = """
import torch

from base import StatefulMetric


class MeanMetric(StatefulMetric):
    def __init__(self):
        super().__init__()
        self.register_state("total", torch.tensor(0.0))
        self.register_state("count", torch.tensor(0))

    def accumulate(self, x):
        self.total += x.sum()
        self.count += x.numel()

    def value(self):
        return self.total / self.count
"""

# A "reset" that decays what the states hold (not their stored defaults) resets nothing.
DECAYING_BASE = BASE.replace(
    "setattr(self, key, self._initial[key].clone())", "setattr(self, key, getattr(self, key) * 0.5)"
)


def _project(base: str, reset: str) -> dict[str, str]:
    return {"base.py": base.replace("{reset}", reset), "metric.py": METRIC}


@pytest.mark.parametrize(
    ("base", "reset", "flagged"),
    [(BASE, RESETS, False), (BASE, NO_RESET, True), (DECAYING_BASE, RESETS, True)],
    ids=["reset-from-registry", "never-reset", "decayed-not-reset"],
)
def test_registered_state_reset_by_a_graph_method(
    tmp_path: Path, base: str, reset: str, flagged: bool
) -> None:
    found = project_findings(tmp_path, _project(base, reset), "TL311", "export")
    assert bool([f for f in found if f[0] == "metric.py"]) is flagged, found


@requires_torch
@pytest.mark.parametrize(
    ("base", "reset", "agrees"),
    [(BASE, RESETS, True), (BASE, NO_RESET, False), (DECAYING_BASE, RESETS, False)],
    ids=["reset-from-registry", "never-reset", "decayed-not-reset"],
)
def test_exported_metric_against_eager(tmp_path: Path, base: str, reset: str, agrees: bool) -> None:
    import torch

    for name, text in _project(base, reset).items():
        (tmp_path / name).write_text(text.lstrip("\n"))
    sys.path.insert(0, str(tmp_path))
    try:
        for name in ("base", "metric"):
            sys.modules.pop(name, None)
        from metric import MeanMetric  # type: ignore[import-not-found]

        batches = [torch.randn(4, 3), torch.randn(4, 3) + 2.0, torch.randn(4, 3) - 1.0]
        exported = torch.export.export(MeanMetric(), (batches[0],)).module()
        eager = MeanMetric()
        same = all(torch.allclose(exported(b), eager(b)) for b in batches)
    finally:
        sys.path.remove(str(tmp_path))
        for name in ("base", "metric"):
            sys.modules.pop(name, None)
    assert same is agrees


# TL121 (b68's style mixing `ws[:, k:] = w2.unsqueeze(1)`): other spellings of a value that
# broadcasts into a slice (`[:, None]`, `view` with a 1, `keepdim=True`, a local bound to one,
# an `...` index); clean: the slice's shape, `copy_`, `+=`, a target of literal sizes.
TRACE_HEAD = "import torch\nfrom torch import nn\n\n\n"


def _traced_model(body: str) -> str:
    return (
        TRACE_HEAD + "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.proj = nn.Linear(6, 6)\n\n"
        "    def forward(self, x):\n"
        "        h = self.proj(x)\n"
        "        out = h.unsqueeze(1).repeat(1, 4, 1)\n"
        f"{body}"
        "        return out\n"
    )


BROADCAST_SLICES = {
    "none-index": "        out[:, 1:] = h[:, None] * 2.0\n",
    "view-one": "        out[:, :, :3] = h[:, :3].view(-1, 1, 3)\n",
    "keepdim": "        out[..., 2:] = h.mean(-1, keepdim=True).unsqueeze(-1)\n",
    "local": "        row = -h.unsqueeze(1)\n        out[:, 2:] = row\n",
}
SAME_SHAPE = {
    "expand-as": "        out[:, 1:] = h.unsqueeze(1).expand_as(out[:, 1:])\n",
    "copy": "        out[:, 1:].copy_(h[:, None])\n",
    "augmented": "        out[:, 1:] += h[:, None]\n",
    "select": "        out[:, 2] = h\n",
    "fixed-size": (
        "        buf = torch.zeros(2, 4, 6)\n"
        "        buf[:, 1:] = h[:2].unsqueeze(1)\n"
        "        out = out[:2] + buf\n"
    ),
}


@pytest.mark.parametrize("body", BROADCAST_SLICES.values(), ids=BROADCAST_SLICES.keys())
def test_broadcast_slice_assignment_is_flagged(body: str) -> None:
    assert findings(_traced_model(body), "TL121", "trace")


@pytest.mark.parametrize("body", SAME_SHAPE.values(), ids=SAME_SHAPE.keys())
def test_slice_assignment_without_broadcast_is_clean(body: str) -> None:
    assert not findings(_traced_model(body), "TL121", "trace")


def _trace_agrees(tmp_path: Path, source: str, name: str) -> bool:
    import torch

    module = load_module(tmp_path, source, name)
    torch.manual_seed(0)
    model = module.Model().eval()
    traced = torch.jit.trace(model, (torch.randn(2, 6),))
    try:
        other = torch.randn(5, 6)
        return torch.allclose(traced(other), model(other))
    except RuntimeError:
        return False


@requires_torch
@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("body", BROADCAST_SLICES.values(), ids=BROADCAST_SLICES.keys())
def test_broadcast_slice_fails_the_trace_and_the_fix_repairs_it(tmp_path: Path, body: str) -> None:
    source = _traced_model(body)
    assert not _trace_agrees(tmp_path, source, "flagged")
    fixed = fixed_text(source, Settings(select=("TL121",), targets=("trace",)), unsafe=False)
    assert ".copy_(" in fixed and not findings(fixed, "TL121", "trace")
    assert _trace_agrees(tmp_path, fixed, "fixed")


@requires_torch
@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("body", SAME_SHAPE.values(), ids=SAME_SHAPE.keys())
def test_clean_slice_assignments_trace(tmp_path: Path, body: str) -> None:
    assert _trace_agrees(tmp_path, _traced_model(body), "clean")


# TL113 (fresh16's dnc: `type(input) is PackedSequence`): the class of a tensor compared with a
# class no tensor has (a NamedTuple of torch, builtins, a plain project class) is False for
# export's fake tensor too; compared with torch.Tensor it is not.
TYPE_HEAD = (
    "import torch\nfrom torch import nn\nfrom torch.nn.utils.rnn import PackedSequence\n\n\n"
    "class Box:\n    pass\n\n\n"
)


def _type_model(test: str) -> str:
    return (
        TYPE_HEAD + "class Model(nn.Module):\n"
        "    def forward(self, x):\n"
        f"        if {test}:\n"
        "            x = x * 2\n"
        "        return x + 1\n"
    )


OTHER_CLASS_TESTS = ["type(x) is PackedSequence", "type(x) in (list, tuple)", "x.__class__ == Box"]
TENSOR_CLASS_TESTS = ["type(x) is torch.Tensor", "type(x).__name__ == 'Tensor'"]


@pytest.mark.parametrize("test", OTHER_CLASS_TESTS + TENSOR_CLASS_TESTS)
def test_class_test_flagged_only_against_tensor_classes(test: str) -> None:
    flagged = bool(findings(_type_model(test), "TL113", "export"))
    assert flagged is (test in TENSOR_CLASS_TESTS)


@requires_torch
@pytest.mark.parametrize("test", OTHER_CLASS_TESTS + TENSOR_CLASS_TESTS)
def test_exported_class_test_against_eager(tmp_path: Path, test: str) -> None:
    import torch

    model = load_module(tmp_path, _type_model(test), "typed").Model()
    x = torch.randn(3)
    exported = torch.export.export(model, (x,)).module()
    assert torch.equal(exported(x), model(x)) is (test in OTHER_CLASS_TESTS)


# TL209's `itertools.combinations(range(n), 2)` loop (b68's field crosses) -> nested range
# loops: other spellings (a literal size, `len` of an attribute list, a list target); left
# alone: a `break`, a body that grows the list the size is read from.
PAIRS_HEAD = "import itertools\nfrom typing import List\n\nimport torch\nfrom torch import nn\n\n\n"


def _pairs_model(loop: str, body: str = "            out.append(hs[i] - hs[j])\n") -> str:
    return (
        PAIRS_HEAD + "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.proj = nn.Linear(4, 4)\n\n"
        "    def forward(self, x):\n"
        "        hs = [self.proj(x), self.proj(x) * 2.0, x, x * 3.0]\n"
        "        out: List[torch.Tensor] = []\n"
        f"        {loop}\n"
        f"{body}"
        "        return torch.stack(out).sum(0)\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"
    )


PAIR_LOOPS = {
    "literal": "for i, j in itertools.combinations(range(4), 2):  # every pair",
    "len": "for a, b in itertools.combinations(range(len(hs)), 2):",
    "list-target": "for [i, j] in itertools.combinations(range(len(hs)), 2):",
}


@requires_torch
@pytest.mark.parametrize("loop", PAIR_LOOPS.values(), ids=PAIR_LOOPS.keys())
def test_combinations_of_range_become_nested_loops(loop: str) -> None:
    body = "            out.append(hs[a] - hs[b])\n" if "a, b" in loop else None
    source = _pairs_model(loop, body) if body else _pairs_model(loop)
    fixed = fixed_text(
        source,
        Settings(select=("TL209", "TL204"), targets=("script",), targets_explicit=True),
        unsafe=False,
    )
    assert "itertools.combinations(" not in fixed
    assert "# every pair" in fixed or "literal" not in loop
    assert_script_repaired(source, fixed)


@pytest.mark.parametrize(
    "body",
    [
        "            out.append(hs[i] - hs[j])\n            if len(out) > 2:\n                break\n",
        "            out.append(hs[i] - hs[j])\n            hs.append(hs[i])\n",
        "            out.append(hs[i] - hs[j])\n            i = j\n",
    ],
    ids=["break", "grows-the-list", "rebinds-i"],
)
def test_combinations_loop_left_alone(body: str) -> None:
    source = _pairs_model("for i, j in itertools.combinations(range(len(hs)), 2):", body)
    fixed = fixed_text(
        source,
        Settings(select=("TL209", "TL204"), targets=("script",), targets_explicit=True),
        unsafe=False,
    )
    assert "itertools.combinations(range(len(hs)), 2)" in fixed


# TL204's `a, b, c = zip(*triples)` (b68's early exits) -> one comprehension per name (unsafe):
# three positions, a list built by a comprehension; left alone: `zip(*xs)` not unpacked.
def _unzip_model(statement: str, use: str) -> str:
    return (
        PAIRS_HEAD + "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.proj = nn.Linear(4, 4)\n\n"
        "    def forward(self, x):\n"
        "        stats: List[Tuple[torch.Tensor, torch.Tensor, torch.Tensor]] = [\n"
        "            (self.proj(x), x.mean(0), x * k) for k in [1.0, 2.0]\n"
        "        ]\n"
        f"        {statement}  # transpose\n"
        f"        return {use}\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"
    ).replace("from typing import List", "from typing import List, Tuple")


@requires_torch
def test_zip_star_unpack_becomes_comprehensions() -> None:
    source = _unzip_model(
        "outs, means, scaled = zip(*stats)",
        "torch.stack(outs).sum(0) + torch.stack(means).sum(0) + torch.cat(scaled).sum()",
    )
    settings = Settings(select=("TL204",), targets=("script",), targets_explicit=True)
    assert fixed_text(source, settings, unsafe=False) == source  # unsafe only
    fixed = fixed_text(source, settings)
    assert "zip(*" not in fixed and "scaled = [item[2] for item in stats]  # transpose" in fixed
    assert_script_repaired(source, fixed)


def test_zip_star_not_unpacked_left_alone() -> None:
    source = _unzip_model("columns = list(zip(*stats))", "torch.stack(columns[0]).sum(0)")
    settings = Settings(select=("TL204",), targets=("script",), targets_explicit=True)
    assert "list(zip(*stats))" in fixed_text(source, settings)
