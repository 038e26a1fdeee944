"""TL360 (a converted module's forward takes an object torch cannot take apart) and TL361 (a
module moved or cast in graph code), from the blind b61 and b62 batches, in other spellings
than the probes: a plain class and a list subclass as inputs, a registered dataclass, a
submodule fed the object by its parent; `.double()` / `.cuda()` through a helper method, a
project submodule, a parameter-free activation. Each verdict is checked with torch."""

from __future__ import annotations

import inspect

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

PLAIN_CLASS_INPUT = """
import torch
from torch import nn


class Window:
    def __init__(self, frames, hop):
        self.frames = frames
        self.hop = hop


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 2)

    def forward(self, window: Window):
        return self.proj(window.frames) * window.hop


def inputs():
    return [(Window(torch.randn(2, 6), 2),), (Window(torch.randn(4, 6), 3),)]
"""

LIST_SUBCLASS_INPUT = """
import torch
from torch import nn


class Stack(list):
    pass


class Model(nn.Module):
    def forward(self, feats: Stack):
        return feats[0] + feats[1]


def inputs():
    return [(Stack([torch.randn(2), torch.randn(2)]),), (Stack([torch.randn(3), torch.randn(3)]),)]
"""

OBJECT_BUILT_BY_PARENT = """
import dataclasses

import torch
from torch import nn


@dataclasses.dataclass
class Query:
    q: torch.Tensor
    temperature: float


class Scorer(nn.Module):
    def forward(self, query: Query):
        return (query.q / query.temperature).softmax(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scorer = Scorer()

    def forward(self, q):
        return self.scorer(Query(q, 0.5))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


@pytest.mark.parametrize(
    ("source", "line", "backends"),
    [
        (PLAIN_CLASS_INPUT, 16, {"export", "trace"}),
        (LIST_SUBCLASS_INPUT, 10, {"export"}),
    ],
)
def test_inputs_torch_cannot_take_apart_are_flagged(source: str, line: int, backends: set) -> None:
    for backend in ("export", "trace"):
        flagged = [d.line for d in findings(source, "TL360", backend)]
        assert flagged == ([line] if backend in backends else []), backend


def test_an_object_a_parent_builds_for_its_submodule_is_not_flagged() -> None:
    for backend in ("export", "trace"):
        assert findings(OBJECT_BUILT_BY_PARENT, "TL360", backend) == []


@requires_torch
@pytest.mark.parametrize(
    ("source", "failing"),
    [
        (PLAIN_CLASS_INPUT, {"export", "trace"}),
        (LIST_SUBCLASS_INPUT, {"export"}),
        (OBJECT_BUILT_BY_PARENT, set()),
    ],
)
def test_torch_agrees_on_inputs(source: str, failing: set) -> None:
    from .oracle import check

    for backend in ("export", "trace"):
        assert check(source, backend).ok == (backend not in failing), backend


CAST_IN_HELPER = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(3, 5, batch_first=True)

    def _follow_input(self, x):
        # follow the caller's device and precision
        self.to(device=x.device, dtype=x.dtype)

    def forward(self, x):
        self._follow_input(x)
        return self.rnn(x)[0]


def inputs():
    return [(torch.randn(2, 4, 3, dtype=torch.float64),), (torch.randn(1, 6, 3, dtype=torch.float64),)]
"""

PARAMETER_FREE_SUBMODULE = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(4)
        self.gate = nn.Sigmoid()

    def forward(self, x):
        self.gate.half()
        return self.norm(x) * self.gate(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""

CAST_OUTSIDE_GRAPH = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def export_ready(self):
        return self.float().eval()

    def forward(self, x):
        return self.proj(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_module_cast_reached_from_forward_is_flagged() -> None:
    assert [d.line for d in findings(CAST_IN_HELPER, "TL361", "export")] == [12]


@pytest.mark.parametrize("source", [PARAMETER_FREE_SUBMODULE, CAST_OUTSIDE_GRAPH])
def test_casts_that_replace_no_parameter_in_graph_code_are_not_flagged(source: str) -> None:
    assert findings(source, "TL361", "export") == []


@requires_torch
@pytest.mark.parametrize(
    ("source", "export_ok"),
    [(CAST_IN_HELPER, False), (PARAMETER_FREE_SUBMODULE, True), (CAST_OUTSIDE_GRAPH, True)],
)
def test_torch_agrees_on_module_casts(source: str, export_ok: bool) -> None:
    from .oracle import check

    assert check(source, "export").ok == export_ok


@requires_torch
def test_apply_methods_are_the_nn_module_methods_that_call_apply() -> None:
    from torch import nn

    from torchlint.rules.tl361_module_cast_in_graph import APPLY_METHODS

    calling = set()
    for name in dir(nn.Module):
        method = getattr(nn.Module, name)
        if name.startswith("_") or not callable(method):
            continue
        if "self._apply(" in inspect.getsource(method):
            calling.add(name)
    assert calling - APPLY_METHODS == {"share_memory", "to_empty"}
    assert APPLY_METHODS <= calling


INVERTED_SETTING = """
import torch
from torch import nn


class Pool(nn.Module):
    def __init__(self, keep_dim=True):
        super().__init__()
        self.keep_dim = keep_dim

    def forward(self, x):
        drop = ~self.keep_dim
        return x.mean(-1, keepdim=bool(drop + 2))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = Pool()

    def forward(self, x):
        return self.pool(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 5),)]
"""

INVERTED_MASK = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, pad_id: int = 0):
        super().__init__()
        self.pad_id = pad_id

    def forward(self, tokens):
        pad = tokens == self.pad_id
        return (tokens * ~pad).sum(-1)


def inputs():
    return [(torch.tensor([[1, 0, 2]]),), (torch.tensor([[0, 0], [3, 4]]),)]
"""


def test_inverted_python_setting_is_flagged_and_a_mask_is_not() -> None:
    assert [d.line for d in findings(INVERTED_SETTING, "TL240", "script")] == [11]
    assert findings(INVERTED_MASK, "TL240", "script") == []


@requires_torch
def test_torch_agrees_on_inverted_numbers() -> None:
    from .oracle import check

    assert not check(INVERTED_SETTING, "script").ok
    assert check(INVERTED_MASK, "script").ok


GROWN_IN_WHILE = """
import torch
from torch import nn


def broadcastable(v: torch.Tensor, ndim: int) -> torch.Tensor:
    dims = (v.shape[0],)
    while len(dims) < ndim:
        dims += (1,)
    return v.view(dims)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(3))

    def forward(self, x):
        return x * broadcastable(self.scale, x.dim() - 1)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 3, 2),)]
"""

GROWN_STRAIGHT_OR_LOCAL = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        shape = (x.shape[0], -1)
        shape += (1,)
        if x.dim() > 2:
            pad = (0, 1)
            pad = pad + (0, 0)
            x = torch.nn.functional.pad(x, pad)
        return x.reshape(shape)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 3, 2),)]
"""


def test_tuple_grown_in_a_loop_is_flagged_and_straight_line_growth_is_not() -> None:
    assert [d.line for d in findings(GROWN_IN_WHILE, "TL241", "script")] == [8]
    assert findings(GROWN_STRAIGHT_OR_LOCAL, "TL241", "script") == []


@requires_torch
def test_torch_agrees_on_grown_tuples() -> None:
    from .oracle import check

    assert not check(GROWN_IN_WHILE, "script").ok
    assert check(GROWN_STRAIGHT_OR_LOCAL, "script").ok
