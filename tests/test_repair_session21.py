"""Session-21 repairs (issue #23; fixers/repair_session21.py), in spellings other than the
blind probes' (b61, b62, heldout31): ``~`` of an int parameter inside arithmetic, a shape grown
with ``shape = shape + (...)`` in a loop, ``filter`` of a bound method into an annotated list,
``torch.cond`` with module-level branches and two operands, ``self.double()`` in a helper
method, ``/`` with nothing after it and a frozen ``dataclasses.dataclass`` input. Torch checks that the fixed text passes the back-ends
the original failed, with eager outputs unchanged, and that no back-end that passed now fails;
each fix is applied twice (the second changes nothing) and keeps the comments around it."""

from __future__ import annotations

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

SCRIPT = Settings(targets=("script",), targets_explicit=True)
EXPORT = Settings(targets=("compile", "export"), targets_explicit=True)


def _assert_repaired(source: str, fixed: str, backends: tuple[str, ...]) -> None:
    from .oracle import assert_eager_unchanged, check

    assert_eager_unchanged(source, fixed)
    for backend in backends:
        assert not check(source, backend).ok, f"nothing to repair on {backend}"
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in {"compile", "export", "trace", "script"} - set(backends):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"


def _codes(text: str, settings: Settings) -> set[str]:
    return {d.code for d in lint_text("example.py", text, settings).diagnostics}


# -- TL240 -------------------------------------------------------------------------------------
INVERT = """\
import torch
from torch import nn


class Shift(nn.Module):
    def __init__(self, k: int = 2):
        super().__init__()
        self.k = k
        self.fc = nn.Linear(3, 3)

    def forward(self, x, bits: int = 5):
        y = self.fc(x) * ~bits  # Python: -6
        return y + ~self.k


Model = Shift


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_invert_of_a_number_keeps_its_python_value_as_an_unsafe_fix():
    assert_rewritten(
        INVERT,
        [("* ~bits  # Python", "* (-1 - int(bits))  # Python"), ("~self.k", "(-1 - int(self.k))")],
        unsafe=True,
        settings=SCRIPT,
    )


def test_invert_of_a_tensor_is_left_alone():
    source = INVERT.replace("* ~bits", "* ~(x > 0)")
    fixed = fixed_text(source, SCRIPT)
    assert "~(x > 0)" in fixed


@requires_torch
def test_invert_rewrite_scripts_with_eager_unchanged():
    _assert_repaired(INVERT, fixed_text(INVERT, SCRIPT), ("script",))


# -- TL241 -------------------------------------------------------------------------------------
GROWN = """\
import torch
from torch import nn


class Broadcast(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.linspace(0.5, 1.5, 3))

    def forward(self, x):
        shape = (1, x.shape[1])  # batch, channels
        for _ in range(x.dim() - 2):
            shape = shape + (1,)
        return x * self.scale.reshape(shape) + len(shape)


Model = Broadcast


def inputs():
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(2, 3, 5),)]
"""


def test_grown_tuple_becomes_a_list_as_a_safe_fix():
    assert_rewritten(
        GROWN,
        [("(1, x.shape[1])  # batch", "[1, x.shape[1]]  # batch"), ("shape + (1,)", "shape + [1]")],
        unsafe=False,
        settings=SCRIPT,
    )


def test_grown_tuple_that_is_returned_is_an_unsafe_fix():
    source = GROWN.replace(
        "return x * self.scale.reshape(shape) + len(shape)",
        "return x * self.scale.reshape(shape), shape",
    )
    assert fixed_text(source, SCRIPT, unsafe=False) == source
    fixed = fixed_text(source, SCRIPT)
    assert "shape = [1, x.shape[1]]" in fixed and "shape + [1]" in fixed


def test_grown_tuple_of_floats_is_left_alone():
    source = GROWN.replace("shape + (1,)", "shape + (1.0,)")
    assert "TL241" in _codes(source, SCRIPT)
    assert fixed_text(source, SCRIPT) == source


@requires_torch
def test_grown_list_scripts_with_eager_unchanged():
    _assert_repaired(GROWN, fixed_text(GROWN, SCRIPT), ("script",))


# -- TL209: filter -----------------------------------------------------------------------------
FILTER = """\
from typing import List

import torch
from torch import nn


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = [1, 3, 6, 9]
        self.limit = 5

    def small(self, s: int) -> bool:
        return s <= self.limit

    def forward(self, x):
        # keep the sizes under the limit
        kept: List[int] = list(filter(self.small, self.sizes))  # in order
        return torch.stack([x[:, :s].sum(1) for s in kept], 1)


Model = Heads


def inputs():
    return [(torch.randn(2, 10),), (torch.randn(3, 12),)]
"""


def test_filter_into_an_annotated_list_becomes_a_loop_as_an_unsafe_fix():
    assert_rewritten(
        FILTER,
        [
            (
                "kept: List[int] = list(filter(self.small, self.sizes))  # in order",
                "kept: List[int] = []  # in order\n"
                "        for v in self.sizes:\n"
                "            if self.small(v):\n"
                "                kept.append(v)",
            )
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_filter_in_an_expression_gets_no_comprehension():
    # A comprehension with an `if` fails TorchScript too (TL204): no fix rather than another
    # finding.
    source = FILTER.replace(
        "kept: List[int] = list(filter(self.small, self.sizes))",
        "n = len(list(filter(lambda s: s <= self.limit, self.sizes)))\n"
        "        kept = self.sizes[:n]",
    )
    fixed = fixed_text(source, SCRIPT, unsafe=True)
    assert "list(filter(lambda s: s <= self.limit, self.sizes))" in fixed


def test_a_bare_filter_in_a_loop_is_left_alone():
    source = FILTER.replace(
        "kept: List[int] = list(filter(self.small, self.sizes))  # in order",
        "kept: List[int] = []\n"
        "        for s in filter(self.small, self.sizes):\n"
        "            kept.append(s)",
    )
    assert "TL209" in _codes(source, SCRIPT)
    assert "filter(self.small, self.sizes)" in fixed_text(source, SCRIPT)


@requires_torch
def test_filter_loop_scripts_with_eager_unchanged():
    _assert_repaired(FILTER, fixed_text(FILTER, SCRIPT), ("script",))


# -- TL209: torch.cond -------------------------------------------------------------------------
COND = """\
import torch
from torch import nn


def grow(a, b):
    return a * 2 + b


def shrink(a, b):
    return a - b


class Gate(nn.Module):
    def forward(self, x, y):
        # the branch picked by the data
        return torch.cond(x.sum() > y.sum(), grow, shrink, [x, y])


Model = Gate


def inputs():
    return [(torch.ones(2, 3), torch.zeros(2, 3)), (torch.zeros(2, 3), torch.ones(2, 3))]
"""


def test_cond_calls_the_branch_under_torchscript_as_a_safe_fix():
    assert_rewritten(
        COND,
        [
            (
                "torch.cond(x.sum() > y.sum(), grow, shrink, [x, y])",
                "((grow(x, y) if bool(x.sum() > y.sum()) else shrink(x, y)) if "
                "torch.jit.is_scripting() else torch.cond(x.sum() > y.sum(), grow, shrink, [x, y]))",
            )
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_cond_with_lambda_branches_is_left_alone():
    source = COND.replace("grow, shrink, [x, y]", "lambda a, b: a + b, shrink, [x, y]")
    assert "torch.cond(" in fixed_text(source, SCRIPT)
    assert "is_scripting" not in fixed_text(source, SCRIPT)


@requires_torch
def test_cond_rewrite_scripts_with_eager_unchanged():
    _assert_repaired(COND, fixed_text(COND, SCRIPT), ("script",))


# -- TL361 -------------------------------------------------------------------------------------
CAST = """\
import torch
from torch import nn


class Energy(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 1).double()

    def _prepare(self, r):
        # follow the caller's precision
        self.double()
        return r.double()

    def forward(self, r):
        return self.fc(self._prepare(r)).sum()


Model = Energy


def inputs():
    return [(torch.randn(4, 3, dtype=torch.float64),), (torch.randn(6, 3, dtype=torch.float64),)]
"""


def test_module_cast_goes_under_an_eager_guard_as_an_unsafe_fix():
    assert_rewritten(
        CAST,
        [
            (
                "        self.double()\n",
                "        if not torch.compiler.is_compiling():\n            self.double()\n",
            )
        ],
        unsafe=True,
        settings=EXPORT,
    )


def test_a_cast_whose_value_is_used_is_left_alone():
    source = CAST.replace("self.double()\n", "m = self.double()\n")
    assert "TL361" in _codes(source, EXPORT)
    assert "is_compiling" not in fixed_text(source, EXPORT)


@requires_torch
def test_guarded_cast_exports_with_eager_unchanged():
    _assert_repaired(CAST, fixed_text(CAST, EXPORT), ("export",))


# -- TL201: positional-only --------------------------------------------------------------------
POSONLY = """\
import torch
from torch import nn


def mix(a: torch.Tensor, b: torch.Tensor, /) -> torch.Tensor:  # a, b by position
    return a * 0.25 + b


class Mixer(nn.Module):
    def forward(self, x):
        return mix(x, x.flip(0))


Model = Mixer


def inputs():
    return [(torch.randn(3, 2),), (torch.randn(5, 2),)]
"""


def test_positional_only_marker_is_dropped_as_a_safe_fix():
    assert_rewritten(
        POSONLY,
        [("b: torch.Tensor, /)", "b: torch.Tensor)")],
        unsafe=False,
        settings=SCRIPT,
    )
    source = POSONLY.replace("b: torch.Tensor, /)", "b: torch.Tensor, /, w: float = 1.0)")
    assert "b: torch.Tensor, w: float = 1.0)" in fixed_text(source, SCRIPT, unsafe=False)


def test_positional_only_with_kwargs_is_left_alone():
    source = POSONLY.replace("b: torch.Tensor, /)", "b: torch.Tensor, /, **kw)")
    assert ", /, **kw)" in fixed_text(source, SCRIPT)


@requires_torch
def test_dropped_marker_scripts_with_eager_unchanged():
    _assert_repaired(POSONLY, fixed_text(POSONLY, SCRIPT), ("script",))


# -- TL360 -------------------------------------------------------------------------------------
DATACLASS = """\
import dataclasses

import torch
from torch import nn


@dataclasses.dataclass(frozen=True)
class Pair:
    left: torch.Tensor  # (B, D)
    right: torch.Tensor


class Siamese(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 2)

    def forward(self, pair: Pair):
        return (self.enc(pair.left) - self.enc(pair.right)).norm(dim=-1)


Model = Siamese


def inputs():
    return [(Pair(torch.randn(2, 4), torch.randn(2, 4)),), (Pair(torch.randn(2, 4), torch.randn(2, 4)),)]
"""


def test_dataclass_input_is_registered_as_an_unsafe_fix():
    assert_rewritten(
        DATACLASS,
        [
            (
                "    right: torch.Tensor\n",
                "    right: torch.Tensor\n\n\ntorch.export.register_dataclass(Pair)\n",
            )
        ],
        unsafe=True,
        settings=EXPORT,
    )


def test_plain_class_input_is_left_alone():
    source = DATACLASS.replace("@dataclasses.dataclass(frozen=True)\nclass Pair:", "class Pair:")
    source = source.replace(
        "    left: torch.Tensor  # (B, D)\n    right: torch.Tensor\n",
        "    def __init__(self, left, right):\n        self.left, self.right = left, right\n",
    )
    assert "TL360" in _codes(source, EXPORT)
    assert "register_dataclass" not in fixed_text(source, EXPORT)


@requires_torch
def test_registered_dataclass_exports_with_eager_unchanged():
    _assert_repaired(DATACLASS, fixed_text(DATACLASS, EXPORT), ("export",))


# -- TL230 -------------------------------------------------------------------------------------
NUMBER_LEFT = """\
import torch
from torch import nn


def blend(x: torch.Tensor, keep: bool = True, base: int = 3) -> torch.Tensor:
    y = keep * torch.sigmoid(x)  # gate
    z = keep == (x > 0)
    return y + z * (base ^ x.long())


class Model(nn.Module):
    def forward(self, x):
        return blend(x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_number_on_the_left_moves_right_as_a_safe_fix():
    assert_rewritten(
        NUMBER_LEFT,
        [
            ("keep * torch.sigmoid(x)  # gate", "torch.sigmoid(x) * keep  # gate"),
            ("keep == (x > 0)", "(x > 0) == keep"),
            ("(base ^ x.long())", "(x.long() ^ base)"),
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_a_bool_divided_by_a_tensor_is_left_alone():
    # no operator puts the tensor first with the same value (`t.reciprocal() * n` rounds)
    source = NUMBER_LEFT.replace("z = keep == (x > 0)", "z = keep / (x.abs() + 1)")
    assert "TL230" in _codes(source, SCRIPT)
    assert "z = keep / (x.abs() + 1)" in fixed_text(source, SCRIPT)


@requires_torch
def test_tensor_first_operators_script_with_eager_unchanged():
    _assert_repaired(NUMBER_LEFT, fixed_text(NUMBER_LEFT, SCRIPT), ("script",))


# -- TL106: torch.range ------------------------------------------------------------------------
RANGE = """\
import torch as th
from torch import nn


class Ramp(nn.Module):
    def forward(self, x):
        length = x.shape[1]
        steps = th.range(1, length, dtype=th.float64)  # 1..n inclusive
        return x * steps.float()


Model = Ramp


def inputs():
    return [(th.randn(2, 5),), (th.randn(3, 8),)]
"""
TRACE = Settings(targets=("trace",), targets_explicit=True)


def test_range_of_sizes_becomes_arange_as_a_safe_fix():
    assert_rewritten(
        RANGE,
        [
            (
                "th.range(1, length, dtype=th.float64)  #",
                "th.arange(1, length + 1, dtype=th.float64)  #",
            )
        ],
        unsafe=False,
        settings=TRACE,
    )
    source = RANGE.replace("th.range(1, length, dtype=th.float64)", "th.range(0, length - 1)")
    fixed = fixed_text(source, TRACE, unsafe=False)
    assert "th.arange(0, length, dtype=th.get_default_dtype())" in fixed


def test_range_with_a_step_is_left_alone():
    source = RANGE.replace("th.range(1, length, dtype=th.float64)", "th.range(1, length, 2)")
    assert "TL106" in _codes(source, TRACE)
    assert "th.range(1, length, 2)" in fixed_text(source, TRACE)


@requires_torch
def test_arange_traces_with_eager_unchanged():
    _assert_repaired(RANGE, fixed_text(RANGE, TRACE), ("trace",))


# -- TL209: itertools of settings --------------------------------------------------------------
PAIRS = """\
import itertools

import torch
from torch import nn


class Interactions(nn.Module):
    def __init__(self, n: int = 3):
        super().__init__()
        self.n = n  # fields
        self.embed = nn.Linear(2, 4)

    def forward(self, x):
        e = self.embed(x)
        out = []
        for a, b in itertools.product(range(self.n), range(self.n - 1)):
            out.append((e[:, a] * e[:, b + 1]).sum(-1))
        return torch.stack(out, 1)


Model = Interactions


def inputs():
    return [(torch.randn(2, 3, 2),), (torch.randn(5, 3, 2),)]
"""


def test_itertools_of_settings_is_listed_at_init_as_an_unsafe_fix():
    assert_rewritten(
        PAIRS,
        [
            (
                "        self.n = n  # fields\n",
                "        self.n = n  # fields\n"
                "        self.n_product = list(itertools.product(range(self.n), range(self.n - 1)))\n",
            ),
            (
                "itertools.product(range(self.n), range(self.n - 1)):",
                "self.n_product:",
            ),
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_itertools_of_an_input_size_is_left_alone():
    source = PAIRS.replace("range(self.n - 1)", "range(x.shape[1] - 1)")
    assert "TL209" in _codes(source, SCRIPT)
    assert "itertools.product(range(self.n), range(x.shape[1] - 1))" in fixed_text(source, SCRIPT)


@requires_torch
def test_itertools_at_init_scripts_with_eager_unchanged():
    _assert_repaired(PAIRS, fixed_text(PAIRS, SCRIPT), ("script",))
