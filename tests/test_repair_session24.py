"""Session-24 repairs (issue #23; fixers/repair_session24.py), in spellings other than the blind
probes' (b63 to b67): a ``for`` statement over ``tolist()`` whose item indexes and scales a
tensor, ``math.floor`` of a halved size compared with an ``arange``, a ``float()`` of a
reduction returned alone by a helper, and a list of ``argmax().item()`` built by appends and
made a tensor with ``torch.as_tensor``. Torch checks that the fixed text passes the back-end the
original failed, with eager outputs unchanged, and that no back-end that passed now fails;
``fixed_text`` applies each fix twice (the second changes nothing). Each fixer has a look-alike
it leaves alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

COMPILE = Settings(targets=("compile",), targets_explicit=True)
TRACE = Settings(targets=("trace",), targets_explicit=True)


def _assert_repaired(source: str, fixed: str, backends: tuple[str, ...]) -> None:
    from .oracle import assert_eager_unchanged, check

    assert fixed != source
    assert_eager_unchanged(source, fixed)
    for backend in backends:
        assert not check(source, backend).ok, f"nothing to repair on {backend}"
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in {"compile", "export", "trace", "script"} - set(backends):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"


# -- TL104: a for statement over tolist() ------------------------------------------------------
TOLIST_FOR = """\
import torch
from torch import nn


class PickRows(nn.Module):
    def forward(self, x: torch.Tensor, picks: torch.Tensor) -> torch.Tensor:
        total = torch.zeros(x.shape[-1])
        for p in picks.tolist():  # one row per pick
            total = total + x[p] * 2
        return total


Model = PickRows


def inputs():
    return [
        (torch.randn(6, 3), torch.tensor([4, 0, 2])),
        (torch.randn(6, 3), torch.tensor([1, 5, 5])),
    ]
"""


def test_tolist_loop_iterates_the_tensor_keeping_comments():
    assert_rewritten(
        TOLIST_FOR,
        [
            (
                "        for p in picks.tolist():  # one row per pick\n"
                "            total = total + x[p] * 2\n",
                "        for p in picks.detach():  # one row per pick\n"
                "            total = total + x[p.reshape(1)].squeeze(0) * 2\n",
            )
        ],
        unsafe=True,
        settings=COMPILE,
    )


def test_tolist_loop_whose_item_is_tested_or_a_range_is_left_alone():
    tested = TOLIST_FOR.replace(
        "            total = total + x[p] * 2\n",
        "            if p > 0:\n                total = total + x[p] * 2\n",
    )
    assert "picks.tolist()" in fixed_text(tested, COMPILE)
    ranged = TOLIST_FOR.replace(
        "            total = total + x[p] * 2\n",
        "            for k in range(p):\n                total = total + x[k]\n",
    )
    assert "picks.tolist()" in fixed_text(ranged, COMPILE)
    # the loop's name read after the loop: the last number, which must stay one
    after = TOLIST_FOR.replace("        return total\n", "        return total * p\n")
    assert "picks.tolist()" in fixed_text(after, COMPILE)


@requires_torch
def test_tolist_loop_as_tensor_compiles_with_eager_unchanged():
    _assert_repaired(TOLIST_FOR, fixed_text(TOLIST_FOR, COMPILE), ("compile",))


# -- TL106: math.floor of a size the tracer records ---------------------------------------------
HALF_MASK = """\
import math

import torch
from torch import nn


class FirstHalf(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        half = math.floor(x.size(1) / 2)  # keep the first half of the steps
        keep = torch.arange(x.size(1)) < half
        return x * keep


Model = FirstHalf


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(2, 9),)]
"""


def test_floor_of_a_size_is_rounded_by_torch_keeping_comments():
    assert_rewritten(
        HALF_MASK,
        [
            (
                "        half = math.floor(x.size(1) / 2)  # keep",
                "        half = torch.floor(torch.full((), x.size(1) / 2, dtype=torch.float64))"
                ".long()  # keep",
            )
        ],
        unsafe=True,
        settings=TRACE,
    )


def test_floor_of_a_size_used_as_a_slice_bound_or_range_is_left_alone():
    sliced = HALF_MASK.replace(
        "        keep = torch.arange(x.size(1)) < half\n        return x * keep\n",
        "        return x[:, :half]\n",
    )
    # (another fixer writes `x.size(1) // 2` there, which the tracer records as an int)
    assert "torch.floor" not in fixed_text(sliced, TRACE)
    ranged = HALF_MASK.replace(
        "        keep = torch.arange(x.size(1)) < half\n        return x * keep\n",
        "        for _ in range(half):\n            x = x * 2\n        return x\n",
    )
    assert "torch.floor" not in fixed_text(ranged, TRACE)


@requires_torch
def test_rounded_size_traces_with_eager_unchanged():
    _assert_repaired(HALF_MASK, fixed_text(HALF_MASK, TRACE), ("trace",))


# -- TL102: a number returned by a helper ------------------------------------------------------
RETURNED = """\
import torch
from torch import nn


def absmax_scale(x: torch.Tensor) -> float:
    s = float(x.abs().amax()) / 127.0
    return s


class FakeQuant(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = absmax_scale(x)  # one scale per call
        return torch.round(x / s) * s


Model = FakeQuant


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(3, 4) * 10,)]
"""


def test_returned_number_is_kept_a_tensor():
    assert_rewritten(
        RETURNED,
        [
            (
                "    s = float(x.abs().amax()) / 127.0\n",
                "    s = x.abs().amax().detach().float() / 127.0\n",
            )
        ],
        unsafe=True,
        settings=COMPILE,
    )


def test_returned_number_a_caller_uses_as_a_number_is_left_alone():
    ranged = RETURNED.replace(
        "        return torch.round(x / s) * s\n",
        "        return torch.round(x / s) * s + len(range(int(s)))\n",
    )
    assert "float(x.abs().amax())" in fixed_text(ranged, COMPILE)
    passed = RETURNED.replace(
        "        s = absmax_scale(x)  # one scale per call\n",
        "        s = absmax_scale(x)  # one scale per call\n        self.scale_fn = absmax_scale\n",
    )
    assert "float(x.abs().amax())" in fixed_text(passed, COMPILE)


@requires_torch
def test_returned_number_compiles_with_eager_unchanged():
    _assert_repaired(RETURNED, fixed_text(RETURNED, COMPILE), ("compile",))


# -- TL103: a list of item() numbers made a tensor ---------------------------------------------
GREEDY = """\
import torch
from torch import nn


class Greedy(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 5)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        picks = []
        for step in range(h.shape[0]):
            picks.append(self.proj(h[step]).argmax().item())  # best token
        return torch.as_tensor(picks)


Model = Greedy


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(3, 4) * 5,)]
"""


WALK = """\
import torch
from torch import nn


class Walk(nn.Module):
    def forward(self, back: torch.Tensor) -> torch.Tensor:
        path = [back[-1].argmin().item()]  # the last step's best state
        for row in back[:-1].flip(0):
            path.append(row[path[-1]].item())
        return torch.tensor(path)


Model = Walk


def inputs():
    return [(torch.randint(0, 4, (5, 4)),), (torch.randint(0, 4, (5, 4)),)]
"""


def test_item_list_is_stacked_keeping_comments():
    assert_rewritten(
        GREEDY,
        [
            (
                "picks.append(self.proj(h[step]).argmax().item())  # best",
                "picks.append(self.proj(h[step]).argmax().detach())  # best",
            ),
            ("torch.as_tensor(picks)", "torch.stack(picks)"),
        ],
        unsafe=True,
        settings=TRACE,
    )


def test_item_list_read_back_as_an_index_is_stacked():
    assert_rewritten(
        WALK,
        [
            ("[back[-1].argmin().item()]", "[back[-1].argmin().detach()]"),
            (
                "path.append(row[path[-1]].item())",
                "path.append(row[path[-1].reshape(1)].squeeze(0).detach().reshape(()))",
            ),
            ("torch.tensor(path)", "torch.stack(path)"),
        ],
        unsafe=True,
        settings=COMPILE,
    )


def test_item_list_read_as_numbers_is_left_alone():
    summed = GREEDY.replace(
        "        return torch.as_tensor(picks)\n",
        "        return torch.as_tensor(picks) + sum(picks)\n",
    )
    assert ".argmax().item()" in fixed_text(summed, TRACE)
    typed = GREEDY.replace("torch.as_tensor(picks)", "torch.as_tensor(picks, dtype=torch.int32)")
    assert ".argmax().item()" in fixed_text(typed, TRACE)
    # a range bound read from the list: a number there
    ranged = WALK.replace(
        "        return torch.tensor(path)\n",
        "        return torch.tensor(path) + len(range(path[0]))\n",
    )
    assert ".argmin().item()" in fixed_text(ranged, COMPILE)


@requires_torch
def test_item_list_stack_traces_with_eager_unchanged():
    _assert_repaired(GREEDY, fixed_text(GREEDY, TRACE), ("trace",))


@requires_torch
def test_item_list_stack_compiles_with_eager_unchanged():
    _assert_repaired(WALK, fixed_text(WALK, COMPILE), ("compile",))


# -- TL115: max() / min() of an item under export ----------------------------------------------
EXPORT = Settings(targets=("export",), targets_explicit=True)

PEAK = """\
import torch
from torch import nn


class PeakNorm(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        peak = min(x.abs().amax().item(), 4.0)  # cap the divisor
        return x / peak


Model = PeakNorm


def inputs():
    return [(torch.randn(3, 5),), (torch.randn(3, 5) * 9,)]
"""


def test_min_of_an_item_is_clamped_as_a_tensor_for_export():
    assert_rewritten(
        PEAK,
        [("min(x.abs().amax().item(), 4.0)", "x.abs().amax().detach().clamp(max=4.0)")],
        unsafe=True,
        settings=EXPORT,
    )


def test_min_of_an_item_used_as_a_size_is_left_alone():
    sized = PEAK.replace("        return x / peak\n", "        return x[: int(peak)] / peak\n")
    assert "min(x.abs().amax().item(), 4.0)" in fixed_text(sized, EXPORT)


@requires_torch
def test_min_of_an_item_exports_with_eager_unchanged():
    _assert_repaired(PEAK, fixed_text(PEAK, EXPORT), ("export",))


# -- TL102: float() of a NumPy reduction ---------------------------------------------------------
NUMPY_MEDIAN = """\
import numpy as np
import torch
from torch import nn


class MedianCentre(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        centre = float(np.median(x.detach().numpy()))  # robust centre
        return torch.relu(x - centre)


Model = MedianCentre


def inputs():
    return [(torch.randn(4, 7),), (torch.randn(4, 7) + 3,)]
"""


def test_float_of_a_numpy_reduction_is_the_torch_tensor():
    assert_rewritten(
        NUMPY_MEDIAN,
        [
            (
                "float(np.median(x.detach().numpy()))  # robust",
                "torch.quantile(x.detach(), 0.5).float()  # robust",
            )
        ],
        unsafe=True,
        settings=COMPILE,
    )


def test_float_of_a_numpy_reduction_used_as_a_number_is_left_alone():
    ranged = NUMPY_MEDIAN.replace(
        "        return torch.relu(x - centre)\n",
        "        return torch.relu(x - centre) * len(range(int(centre) + 9))\n",
    )
    assert "torch.quantile(x.detach(), 0.5).float()" not in fixed_text(ranged, COMPILE)


@requires_torch
def test_float_of_a_numpy_reduction_compiles_with_eager_unchanged():
    _assert_repaired(NUMPY_MEDIAN, fixed_text(NUMPY_MEDIAN, COMPILE), ("compile",))


# -- the rounded size is kept out of size arguments ----------------------------------------------
def test_rounded_size_used_as_a_size_argument_is_left_alone():
    # torch.zeros of a 0-d tensor made from a traced size: compile would meet a size read
    # from data where it had a Python int
    sized = HALF_MASK.replace(
        "        keep = torch.arange(x.size(1)) < half\n",
        "        keep = torch.cat([torch.ones(half), torch.zeros(x.size(1) - half)])\n",
    )
    assert "torch.floor" not in fixed_text(sized, TRACE)


# -- TL102 / TL103: an index carried through a loop from an int literal --------------------------
GREEDY_WALK = """\
import torch
from torch import nn


class GreedyWalk(nn.Module):
    def forward(self, w: torch.Tensor) -> torch.Tensor:
        cur = 2  # start node
        total = torch.zeros(())
        for _ in range(3):
            row = w[cur]
            total = total + row.max()
            cur = row.argmin().item()
        return total * 10 + cur


Model = GreedyWalk


def inputs():
    return [(torch.randn(5, 5),), (torch.randn(5, 5),)]
"""


def test_carried_index_is_kept_a_tensor_with_its_start_value():
    assert_rewritten(
        GREEDY_WALK,
        [
            (
                "        cur = 2  # start",
                "        cur = torch.full((), 2, dtype=torch.long)  # start",
            ),
            ("row = w[cur]", "row = w[cur.reshape(1)].squeeze(0)"),
            ("cur = row.argmin().item()", "cur = row.argmin().detach()"),
        ],
        unsafe=True,
        settings=TRACE,
    )


# `int()` of the index: torch.export fails there too (the `.item()` exports)
GREEDY_WALK_INT = GREEDY_WALK.replace("cur = row.argmin().item()", "cur = int(row.argmin())")


def test_carried_int_index_is_the_integer_tensor():
    fixed = fixed_text(GREEDY_WALK_INT, EXPORT)
    assert "cur = torch.full((), 2, dtype=torch.long)  # start" in fixed
    assert "cur = row.argmin()\n" in fixed


def test_carried_index_read_as_a_number_is_left_alone():
    ranged = GREEDY_WALK.replace(
        "        return total * 10 + cur\n", "        return total * len(range(cur))\n"
    )
    assert "row.argmin().item()" in fixed_text(ranged, TRACE)
    # a third binding (not only the start value and the item)
    rebound = GREEDY_WALK.replace(
        "        total = torch.zeros(())\n",
        "        total = torch.zeros(())\n        cur = cur + 1\n",
    )
    assert "row.argmin().item()" in fixed_text(rebound, TRACE)


@requires_torch
def test_carried_index_traces_and_exports_with_eager_unchanged():
    _assert_repaired(GREEDY_WALK, fixed_text(GREEDY_WALK, TRACE), ("trace",))
    fixed = fixed_text(GREEDY_WALK_INT, EXPORT)
    _assert_repaired(GREEDY_WALK_INT, fixed, ("export",))
    _assert_repaired(GREEDY_WALK_INT, fixed_text(GREEDY_WALK_INT, TRACE), ("trace",))


# -- TL101: a branch on a method returning a comparison of an item -------------------------------
ABSTAIN = """\
import torch
from torch import nn


class Abstain(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)
        self.thresh = 0.6

    def confident(self, logits: torch.Tensor) -> bool:
        return logits.softmax(-1).max().item() >= self.thresh

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logits = self.fc(x)
        if not self.confident(logits):  # abstain
            return torch.zeros_like(logits)
        return logits


Model = Abstain


def inputs():
    return [(torch.randn(4),), (torch.randn(4) * 30,)]
"""


def test_method_item_test_returns_the_tensor_and_selects():
    assert_rewritten(
        ABSTAIN,
        [
            (
                "    def confident(self, logits: torch.Tensor) -> bool:\n",
                "    def confident(self, logits: torch.Tensor) -> torch.Tensor:\n",
            ),
            (
                "        return logits.softmax(-1).max().item() >= self.thresh\n",
                "        return logits.softmax(-1).max().reshape(()) >= self.thresh\n",
            ),
            (
                "        if not self.confident(logits):  # abstain\n"
                "            return torch.zeros_like(logits)\n"
                "        return logits\n",
                "        return torch.where(torch.logical_not(self.confident(logits)), "
                "torch.zeros_like(logits), logits)  # abstain\n",
            ),
        ],
        unsafe=True,
        settings=COMPILE,
    )


def test_method_item_test_whose_result_is_also_a_number_is_left_alone():
    counted = ABSTAIN.replace(
        "        return logits\n", "        return logits * (self.confident(logits) + 1)\n"
    )
    assert ".max().item() >= self.thresh" in fixed_text(counted, COMPILE)


@requires_torch
def test_method_item_test_compiles_exports_and_traces_with_eager_unchanged():
    from .oracle import load_example

    # the two inputs take both branches in eager
    module = load_example(ABSTAIN)
    model = module.Model()
    assert [model.confident(model.fc(x)) for (x,) in module.inputs()] == [False, True]
    for settings, backend in ((COMPILE, "compile"), (EXPORT, "export"), (TRACE, "trace")):
        _assert_repaired(ABSTAIN, fixed_text(ABSTAIN, settings), (backend,))


# -- TL102: a number bounding a one-wide slice ---------------------------------------------------
BEST_COLUMN = """\
import torch
from torch import nn


class BestColumn(nn.Module):
    def forward(self, x: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        k = int(scores.argmax())  # best column
        return x[:, k : k + 1] * 2


Model = BestColumn


def inputs():
    return [
        (torch.randn(3, 6), torch.tensor([0.1, 0.9, 0.3, 0.2, 0.0, 0.5])),
        (torch.randn(3, 6), torch.tensor([0.7, 0.1, 0.3, 0.2, 0.0, 0.8])),
    ]
"""


def test_one_wide_slice_bound_is_an_index_select():
    assert_rewritten(
        BEST_COLUMN,
        [
            ("k = int(scores.argmax())  # best", "k = scores.argmax()  # best"),
            ("x[:, k : k + 1]", "x.index_select(1, k.reshape(1))"),
        ],
        unsafe=True,
        settings=EXPORT,
    )


def test_a_wider_slice_keeps_the_plain_fix():
    wide = BEST_COLUMN.replace("x[:, k : k + 1]", "x[:, k : k + 2]")
    assert "index_select" not in fixed_text(wide, EXPORT)


@requires_torch
def test_one_wide_slice_exports_with_eager_unchanged():
    _assert_repaired(BEST_COLUMN, fixed_text(BEST_COLUMN, EXPORT), ("export",))


# -- TL101 / TL103: sorted() of a list of tensor rows by a tensor key ---------------------------
RANKED_ROWS = """\
import torch
from torch import nn


class RankRows(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rows = [r * 2 for r in x]  # one value per row
        ranked = sorted(rows, key=lambda v: v.abs().sum().item(), reverse=True)
        return torch.stack(ranked[:2])


Model = RankRows


def inputs():
    # rows 0 and 1 tie on the key: a stable sort keeps them in their order
    return [
        (torch.tensor([[1.0, -2.0], [-2.0, 1.0], [0.5, 0.5]]),),
        (torch.tensor([[0.1, 0.1], [3.0, 0.0], [0.0, -3.0]]),),
    ]
"""


def test_sorted_rows_by_a_tensor_key_are_ranked_by_argsort():
    assert_rewritten(
        RANKED_ROWS,
        [
            (
                "sorted(rows, key=lambda v: v.abs().sum().item(), reverse=True)",
                "list(torch.stack(rows)[torch.stack([v.abs().sum().reshape(()) for v in rows])"
                ".argsort(descending=True, stable=True)].unbind(0))",
            )
        ],
        unsafe=True,
        settings=COMPILE,
    )


def test_sorted_of_a_list_that_grows_or_of_numbers_is_left_alone():
    grown = RANKED_ROWS.replace(
        "        ranked = sorted(", "        rows.append(x[0, :1])\n        ranked = sorted("
    )
    assert "sorted(rows" in fixed_text(grown, COMPILE)
    # not the rows of one tensor: a display of tensors that may differ in shape
    listed = RANKED_ROWS.replace("[r * 2 for r in x]", "[x[0] * 2, x[1:].flatten()]")
    assert "sorted(rows" in fixed_text(listed, COMPILE)


@requires_torch
def test_sorted_rows_compile_export_and_trace_with_eager_unchanged():
    ascending = RANKED_ROWS.replace(", reverse=True)", ")")
    for source in (RANKED_ROWS, ascending):
        for settings, backend in ((COMPILE, "compile"), (EXPORT, "export"), (TRACE, "trace")):
            _assert_repaired(source, fixed_text(source, settings), (backend,))
