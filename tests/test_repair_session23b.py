"""Session-23 repairs, second pass (issue #23; fixers/repair_session23b.py), in spellings other
than the blind probes' (b67, heldout34): a ``tolist()`` looped over directly and one
enumerated in a comprehension, ``remove`` of a list's first item, a ``typing.ClassVar`` and a
bare ``ClassVar`` read through ``self``, and ``sorted(..., reverse=True)`` sliced. Torch checks
that the fixed text scripts where the original did not, with eager outputs unchanged, and that
no back-end that passed now fails; ``fixed_text`` applies each fix twice (the second changes
nothing). Each fixer has a look-alike it leaves alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SCRIPT = Settings(targets=("script",), targets_explicit=True)


# -- TL205: tolist() looped over where it is made ----------------------------------------------
TOLIST_LOOP = """\
import torch
from torch import nn


class Chunks(nn.Module):
    def forward(self, x: torch.Tensor, sizes: torch.Tensor) -> torch.Tensor:
        total = torch.zeros(x.shape[1])
        for size in sizes.tolist():  # one chunk per size
            for k in range(size):
                total = total + x[k]
        return total


Model = Chunks


def inputs():
    return [
        (torch.randn(6, 2), torch.tensor([1, 3, 2])),
        (torch.randn(5, 2), torch.tensor([4, 1])),
    ]
"""

TOLIST_COMPREHENSION = """\
import torch
from torch import nn


class Picker(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 3)

    def forward(self, h: torch.Tensor, picks: torch.Tensor) -> torch.Tensor:
        rows = [self.proj(h[j]) * (k + 1) for k, j in enumerate(picks.tolist())]
        return torch.stack(rows)


Model = Picker


def inputs():
    return [
        (torch.randn(5, 3), torch.tensor([4, 0, 2])),
        (torch.randn(3, 3), torch.tensor([1])),
    ]
"""


def test_tolist_looped_over_is_bound_to_an_annotated_local_keeping_comments():
    assert_rewritten(
        TOLIST_LOOP,
        [
            ("from torch import nn\n", "from torch import nn\nfrom typing import List\n"),
            (
                "        for size in sizes.tolist():  # one chunk",
                "        sizes_list: List[int] = sizes.tolist()\n"
                "        for size in sizes_list:  # one chunk",
            ),
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_tolist_whose_item_is_used_as_int_only_under_a_test_is_left_alone():
    # a float item would run in eager where the test is false: the items are not known ints
    source = TOLIST_LOOP.replace(
        "            for k in range(size):\n                total = total + x[k]\n",
        "            if size > 100:\n                total = total + x[size]\n"
        "            total = total * size\n",
    )
    assert "in sizes.tolist():" in fixed_text(source, SCRIPT)


@requires_torch
def test_tolist_loop_annotation_scripts_with_eager_unchanged():
    assert_script_repaired(TOLIST_LOOP, fixed_text(TOLIST_LOOP, SCRIPT, unsafe=False))


@requires_torch
def test_tolist_in_an_enumerated_comprehension_scripts_with_eager_unchanged():
    fixed = fixed_text(TOLIST_COMPREHENSION, SCRIPT, unsafe=False)
    assert "picks_list: List[int] = picks.tolist()\n" in fixed
    assert "enumerate(picks_list)" in fixed
    assert_script_repaired(TOLIST_COMPREHENSION, fixed)


# -- TL243: remove of the list's own first item ------------------------------------------------
REMOVE_FIRST = """\
from typing import List

import torch
from torch import nn


class Pyramid(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv1d(2, 2, 3, padding=1) for _ in range(3)])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        levels: List[torch.Tensor] = []
        for conv in self.convs:
            x = conv(x).relu()
            levels.append(x)
        levels.remove(levels[0])  # the finest level is not fused
        return sum(levels)


Model = Pyramid


def inputs():
    return [(torch.randn(1, 2, 7),), (torch.randn(2, 2, 4),)]
"""


def test_remove_of_own_first_item_becomes_del_keeping_comments():
    assert_rewritten(
        REMOVE_FIRST.replace("return sum(levels)", "return levels[0] + levels[1]"),
        [("levels.remove(levels[0])  # the finest", "del levels[0]  # the finest")],
        unsafe=False,
        settings=SCRIPT,
    )


def test_remove_of_another_item_is_left_alone():
    # levels[1] may equal an earlier item by ==: Python's remove could take another position
    source = REMOVE_FIRST.replace("levels.remove(levels[0])", "levels.remove(levels[1])")
    assert "levels.remove(levels[1])" in fixed_text(source, SCRIPT)


@requires_torch
def test_remove_first_scripts_with_eager_unchanged():
    source = REMOVE_FIRST.replace("return sum(levels)", "return levels[0] + levels[1]")
    assert_script_repaired(source, fixed_text(source, SCRIPT, unsafe=False))


# -- TL216: a ClassVar read through self -------------------------------------------------------
CLASSVAR = """\
import typing

import torch
from torch import nn


class Smoothing(nn.Module):
    smoothing: typing.ClassVar[float] = 0.1  # label smoothing
    ignore: typing.ClassVar = -1

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        n = logits.shape[-1]
        soft = torch.full_like(logits, self.smoothing / n)
        keep = (target != self.ignore).float()
        return (soft * logits.log_softmax(-1)).sum(-1) * keep


Model = Smoothing


def inputs():
    return [
        (torch.randn(3, 4), torch.tensor([0, -1, 2])),
        (torch.randn(2, 4), torch.tensor([1, 3])),
    ]
"""


def test_classvar_becomes_final_keeping_comments():
    assert_rewritten(
        CLASSVAR,
        [
            (
                "smoothing: typing.ClassVar[float] = 0.1  # label",
                "smoothing: typing.Final[float] = 0.1  # label",
            ),
            ("ignore: typing.ClassVar = -1", "ignore: typing.Final[int] = -1"),
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_classvar_whose_type_is_not_the_literals_or_set_on_the_instance_is_left_alone():
    mismatched = CLASSVAR.replace("typing.ClassVar[float] = 0.1", "typing.ClassVar[float] = 1")
    assert "smoothing: typing.ClassVar[float] = 1" in fixed_text(mismatched, SCRIPT)
    stored = CLASSVAR.replace(
        "    def forward(",
        "    def __init__(self):\n        super().__init__()\n        self.ignore = -100\n\n"
        "    def forward(",
    )
    assert "ignore: typing.ClassVar = -1" in fixed_text(stored, SCRIPT)


@requires_torch
def test_classvar_as_final_scripts_with_eager_unchanged():
    assert_script_repaired(CLASSVAR, fixed_text(CLASSVAR, SCRIPT, unsafe=False))


# -- TL209: sorted(..., reverse=True) ----------------------------------------------------------
SORTED_REVERSE = """\
from typing import List

import torch
from torch import nn


class TopK(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        counts: List[int] = [int(c) for c in (x > 0).sum(0)]
        best = sorted(counts, reverse=True)[:2]  # two largest
        return x * (best[0] - best[1])


Model = TopK


def inputs():
    return [(torch.randn(5, 4),), (torch.randn(3, 3),)]
"""


def test_sorted_reverse_becomes_a_reversed_slice_keeping_comments():
    assert_rewritten(
        SORTED_REVERSE,
        [("sorted(counts, reverse=True)[:2]  # two", "sorted(counts)[::-1][:2]  # two")],
        unsafe=True,
        settings=SCRIPT,
    )


def test_sorted_with_a_reverse_flag_variable_is_left_alone():
    source = SORTED_REVERSE.replace("reverse=True", "reverse=bool(x.shape[0] > 4)")
    assert "reverse=bool(x.shape[0] > 4)" in fixed_text(source, SCRIPT)


@requires_torch
def test_sorted_reverse_scripts_with_eager_unchanged():
    assert_script_repaired(SORTED_REVERSE, fixed_text(SORTED_REVERSE, SCRIPT))


# -- TL209: an item() number used as a tensor index ------------------------------------------
ITEM_BINDING = """\
import torch
from torch import nn


class Lookup(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("table", torch.linspace(0.0, 1.0, 10))

    def forward(self, x: torch.Tensor, level: torch.Tensor) -> torch.Tensor:
        k = level.sum().item()  # host read
        below = min(k + 1, 9)
        return x * self.table[k] + self.table[below]


Model = Lookup


def inputs():
    return [(torch.randn(3), torch.tensor([2, 3])), (torch.randn(2), torch.tensor([3, 4]))]
"""

ITEM_LIST = """\
import torch
from torch import nn


class Walk(nn.Module):
    def forward(self, start: torch.Tensor, nxt: torch.Tensor) -> torch.Tensor:
        path = [start.argmin().item()]
        for _ in range(3):
            path.append(nxt[path[-1]].argmax().item())  # follow the edge
        return torch.tensor(path)


Model = Walk


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4), torch.randn(4, 4)), (torch.randn(4), torch.randn(4, 4))]
"""


def test_item_bound_once_becomes_int_where_bound_keeping_comments():
    assert_rewritten(
        ITEM_BINDING,
        [
            (
                "k = level.sum().item()  # host",
                "k = int(level.sum().item()) if torch.jit.is_scripting() else level.sum().item()"
                "  # host",
            )
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_item_bound_twice_is_not_converted_at_a_binding():
    source = ITEM_BINDING.replace(
        "        below = min",
        "        if k > 8:\n            k = level.max().item()\n        below = min",
    )
    assert "k = level.sum().item()" in fixed_text(source, SCRIPT)


@requires_torch
def test_item_int_at_binding_scripts_with_eager_unchanged():
    assert_script_repaired(ITEM_BINDING, fixed_text(ITEM_BINDING, SCRIPT))


def test_list_of_items_converted_at_display_and_appends_keeping_comments():
    assert_rewritten(
        ITEM_LIST,
        [
            (
                "[start.argmin().item()]",
                "[int(start.argmin().item()) if torch.jit.is_scripting() else start.argmin().item()]",
            ),
            (
                "path.append(nxt[path[-1]].argmax().item())  # follow",
                "path.append(int(nxt[path[-1]].argmax().item()) if torch.jit.is_scripting() "
                "else nxt[path[-1]].argmax().item())  # follow",
            ),
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_list_that_takes_other_items_is_left_alone():
    source = ITEM_LIST.replace(
        "        return torch.tensor(path)",
        "        path.append(0)\n        return torch.tensor(path)",
    )
    assert "[start.argmin().item()]" in fixed_text(source, SCRIPT)


@requires_torch
def test_list_of_items_as_ints_scripts_with_eager_unchanged():
    assert_script_repaired(ITEM_LIST, fixed_text(ITEM_LIST, SCRIPT))


# -- TL209: a tensor as a range() bound --------------------------------------------------------
RANGE_TENSOR = """\
import torch
from torch import nn


class Unroll(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Linear(4, 4)

    def forward(self, h: torch.Tensor, steps: torch.Tensor) -> torch.Tensor:
        for _ in range(1, steps.sum()):  # one update per step
            h = self.step(h).tanh()
        return h


Model = Unroll


def inputs():
    return [(torch.randn(2, 4), torch.tensor([1, 3])), (torch.randn(1, 4), torch.tensor([2]))]
"""


def test_tensor_range_bound_becomes_int_keeping_comments():
    assert_rewritten(
        RANGE_TENSOR,
        [
            (
                "range(1, steps.sum()):  # one",
                "range(1, int(steps.sum()) if torch.jit.is_scripting() else steps.sum()):  # one",
            )
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_int_range_bound_is_left_alone():
    # an int bound scripts as it is: no finding, nothing converted
    source = (
        RANGE_TENSOR.replace("steps: torch.Tensor", "steps: int")
        .replace("steps.sum()", "steps")
        .replace("torch.tensor([1, 3])", "3")
        .replace("torch.tensor([2])", "1")
    )
    assert "range(1, steps):" in fixed_text(source, SCRIPT)


@requires_torch
def test_tensor_range_bound_scripts_with_eager_unchanged():
    assert_script_repaired(RANGE_TENSOR, fixed_text(RANGE_TENSOR, SCRIPT))
