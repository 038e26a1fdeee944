"""Session 27 (helper-244): fresh17's trace misses, in other spellings.

- A file's helper whose call sites join to no known kind (``is_empty(t)``: ``t.numel() == 0``,
  called on a tensor in one place and on ``k`` out of ``map(self.split_heads, ...)`` in
  another, native-sparse-attention's ``if not is_empty(k_compress_input)``) returns what its
  body gives for each call's own argument kinds: a size test for the tensor. The trace bakes
  it (torch.jit.trace: the example's branch is kept).
- A list grown only with tuple displays of one length (coral-pytorch's ``corn_loss``:
  ``sets.append((label_mask, label_tensor))``, then ``for task_index, s in enumerate(sets):
  train_labels = s[1]; if len(train_labels) < 1``) hands its iteration targets those
  positions' kinds: ``len()`` of a tensor item is a batch size, baked by the trace.

Silent: the helper on a list of names, a list given items other than tuples, tuples of
names. Each claim about torch is checked by tracing on one input and running another.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from .conftest import requires_torch
from .lint_helpers import findings, load_module

# ----------------------------------------------------- helpers specialised per call

HELPER = """
import torch
from torch import nn


def is_empty(t):
    return t.numel() == 0


class Model(nn.Module):
    def split(self, t):
        return t.reshape(t.shape[0], -1)

    def empty(self, t):
        return t.numel() == 0

    def forward(self, x):
        q, k = map(self.split, (x, x.flip(0)))
        if {call}(k):
            return q
        tail = x[:, 3:]
        if not {call}(tail):
            return q.sum(-1) + tail.sum(-1)
        return q.sum(-1)
"""
HELPER_CALLS = {"function": "is_empty", "method": "self.empty"}
HELPER_LINE = 21


def _helper(spelling: str) -> str:
    return textwrap.dedent(HELPER).lstrip("\n").format(call=HELPER_CALLS[spelling])


@pytest.mark.parametrize("spelling", sorted(HELPER_CALLS))
def test_helper_size_test_flagged_per_call(spelling: str) -> None:
    found = findings(_helper(spelling), "TL106", "trace")
    assert [d.line for d in found] == [HELPER_LINE]


@requires_torch
@pytest.mark.parametrize("spelling", sorted(HELPER_CALLS))
def test_helper_size_test_baked_by_trace(tmp_path: Path, spelling: str) -> None:
    import torch

    module = load_module(tmp_path, _helper(spelling), f"helper_{spelling}")
    model = module.Model().eval()
    # Traced on an input whose tail is empty: the other input's tail is dropped.
    traced = torch.jit.trace(model, (torch.randn(2, 3),), check_trace=False)
    other = torch.randn(3, 5)
    assert not torch.allclose(traced(other), model(other))


def test_helper_on_names_not_flagged() -> None:
    source = """
    import torch
    from torch import nn


    def is_empty(t):
        return len(t) == 0


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.names = ["a", "b"]
            self.extra = {}

        def forward(self, x):
            skip = self.extra.get("skip", ())
            if is_empty(skip):
                x = x + 1
            if is_empty(self.names):
                return x
            return x * 2
    """
    assert findings(source, "TL106", "trace") == []


def test_helper_of_a_number_not_flagged() -> None:
    # The helper given a tensor elsewhere, and here a config number: no size.
    source = """
    import torch
    from torch import nn


    def small(n):
        return n < 4


    class Model(nn.Module):
        def __init__(self, depth=3):
            super().__init__()
            self.depth = depth

        def forward(self, x):
            q, k = map(self.split, (x, x))
            if small(k):
                x = x + 1
            if small(self.depth):
                return x
            return x * 2

        def split(self, t):
            return t
    """
    assert findings(source, "TL106", "trace") == []


# ----------------------------------------------------- lists of tuples

TUPLE_LIST = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        sets = []
        for i in range(2):
            mask = x[:, i] > 0
            sets.append((mask, x[:, i][mask]))
        out = x.sum() * 0
        {loop}
            out = out + {column}.sum() / max(len({column}), 1)
        return out
"""
TUPLE_LOOPS = {
    "enumerate": ("for index, s in enumerate(sets):", "s[1]"),
    "unpacked": ("for mask, col in sets:", "col"),
    "reversed": ("for s in reversed(sets):", "s[1]"),
}
TUPLE_LINE = 13


def _tuples(spelling: str) -> str:
    loop, column = TUPLE_LOOPS[spelling]
    return textwrap.dedent(TUPLE_LIST).lstrip("\n").format(loop=loop, column=column)


@pytest.mark.parametrize("spelling", sorted(TUPLE_LOOPS))
def test_len_of_tensor_from_tuple_list_flagged(spelling: str) -> None:
    found = findings(_tuples(spelling), "TL105", "trace")
    assert TUPLE_LINE in [d.line for d in found]


@requires_torch
@pytest.mark.parametrize("spelling", sorted(TUPLE_LOOPS))
def test_len_of_tensor_from_tuple_list_baked_by_trace(tmp_path: Path, spelling: str) -> None:
    import torch

    module = load_module(tmp_path, _tuples(spelling), f"tuples_{spelling}")
    model = module.Model().eval()
    gen = torch.Generator().manual_seed(0)
    traced = torch.jit.trace(model, (torch.randn(4, 3, generator=gen),), check_trace=False)
    other = torch.randn(9, 3, generator=gen)
    assert not torch.allclose(traced(other), model(other))


def test_tuple_list_of_names_not_flagged() -> None:
    source = """
    import torch
    from torch import nn


    class Model(nn.Module):
        def forward(self, x):
            parts = []
            for i in range(2):
                parts.append(("col" * (i + 1), i))
            out = x.sum(-1)
            for name, i in parts:
                out = out + len(name) * x[:, i]
            return out
    """
    assert findings(source, "TL105", "trace") == []


def test_list_given_other_items_not_flagged() -> None:
    # Tuples and names in one list: what an item is, is not known.
    source = """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.names = ["a", "bc"]

        def forward(self, x):
            parts = []
            parts.append((x, x))
            parts.append(self.names)
            total = 0
            for s in parts:
                total = total + len(s[1])
            return x * total
    """
    assert findings(source, "TL105", "trace") == []


# ----------------------------------------------------- map over sizes

MAPPED = """
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        {line}
        return x + torch.arange(h * w, dtype=x.dtype).reshape(h, w)
"""
MAPPED_SPELLINGS = {
    "int": "h, w = map(int, x.shape[-2:])",
    "ceil": "h, w = map(math.ceil, (x.shape[-2] / 1, x.shape[-1] / 1))",
    "float": "h, w = map(int, map(float, x.shape[-2:]))",
}


def _mapped(spelling: str) -> str:
    return textwrap.dedent(MAPPED).lstrip("\n").format(line=MAPPED_SPELLINGS[spelling])


@pytest.mark.parametrize("spelling", sorted(MAPPED_SPELLINGS))
def test_map_conversion_of_sizes_flagged(spelling: str) -> None:
    found = findings(_mapped(spelling), "TL106", "trace")
    assert [d.line for d in found] == [9]
    assert "of a size makes a Python number" in found[0].message


@requires_torch
@pytest.mark.parametrize("spelling", sorted(MAPPED_SPELLINGS))
def test_map_conversion_of_sizes_baked_by_trace(tmp_path: Path, spelling: str) -> None:
    import torch

    module = load_module(tmp_path, _mapped(spelling), f"mapped_{spelling}")
    model = module.Model().eval()
    traced = torch.jit.trace(model, (torch.randn(1, 4, 4),), check_trace=False)
    other = torch.randn(2, 5, 6)
    model(other)  # eager takes every size
    with pytest.raises(RuntimeError):
        traced(other)


def test_map_lambda_keeps_sizes() -> None:
    source = """
    import torch
    import torch.nn.functional as F
    from torch import nn


    class Model(nn.Module):
        def forward(self, x):
            h, w = map(lambda s: s % 4, x.shape[-2:])
            if h or w:
                x = F.pad(x, (0, (4 - w) % 4, 0, (4 - h) % 4))
            return x.mean((-2, -1))
    """
    assert 9 in [d.line for d in findings(source, "TL106", "trace")]


def test_map_over_configured_numbers_not_flagged() -> None:
    source = """
    import math

    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.grid = (2.0, 3.0)

        def forward(self, x):
            h, w = map(math.ceil, self.grid)
            a, b = map(lambda s: s * 2, self.grid)
            if a > b:
                x = x * 2
            return x.reshape(x.shape[0], h, w).sum(-1)
    """
    assert findings(source, "TL106", "trace") == []


def test_tuple_list_extended_not_flagged() -> None:
    # Also extended with other items: what an item is, is not known.
    source = """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.names = [("a", "bc")]

        def forward(self, x):
            parts = []
            parts.append((x, x))
            parts.extend(self.names)
            total = 0
            for s in parts:
                total = total + len(s[1])
            return x * total
    """
    assert findings(source, "TL105", "trace") == []
