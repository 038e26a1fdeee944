"""TorchScript mechanisms from session 21's blind misses (fresh13, probe batch b61, script
batch heldout31), in other spellings than the corpus and the probes, with torch's verdict.

- TL230: a Python bool (int, float) on the left of an operator whose right operand is a
  tensor; the operators are the generated ``number_tensor_operators`` table.
- TL205: a name that is no attribute of ``torch.Tensor`` read or set on a parameter
  TorchScript types as Tensor (a Python attribute kept on a tensor; a Tensor subclass's
  attribute or method where the parameter is annotated with the subclass).
- TL209: ``torch.autograd.Variable`` (the generated ``python_classes_unscriptable`` table now
  asks Python classes whose ``__init__`` is inherited from C) and ``torch.masked``'s functions
  (``python_functions_unscriptable`` asks the namespace).
"""

from __future__ import annotations

import textwrap

import pytest

from .conftest import requires_torch
from .lint_helpers import findings as _findings


def _lines(source: str, code: str) -> list[int]:
    return sorted(d.line for d in _findings(source, code, "script"))


def _at(source: str, *snippets: str) -> list[int]:
    """The lines (as linted: the source less its leading newline) holding each snippet."""
    lines = textwrap.dedent(source).lstrip("\n").splitlines()
    found = [i + 1 for snippet in snippets for i, line in enumerate(lines) if snippet in line]
    assert len(found) == len(snippets), snippets
    return sorted(found)


def _torch_verdict(source: str):  # type: ignore[no-untyped-def]
    from .oracle import check

    return check(textwrap.dedent(source), "script")


# --- TL230: a number on the left of an operator with a tensor -------------------------------

NUMBER_LEFT = """
import torch
from torch import nn


def blend(x: torch.Tensor, mask: torch.Tensor, hard: bool = False):
    return x + (hard == mask)


class Head(nn.Module):
    def __init__(self, dim: int = 3, residual: bool = True, bins: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.residual = residual
        self.bins = bins

    def forward(self, x):
        y = self.fc(x)
        y = y + self.residual * x
        return blend(y, x > 0) + (self.bins // (x.abs() + 1))


Model = Head


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

NUMBER_RIGHT = """
import torch
from torch import nn


class Head(nn.Module):
    def __init__(self, dim: int = 3, residual: bool = True, bins: int = 4, gain: float = 0.5):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.residual = residual
        self.bins = bins
        self.gain = gain

    def forward(self, x):
        y = self.fc(x)
        y = y + x * self.residual + (x > 0) * float(self.residual)
        return y * self.bins + self.bins * y + self.gain * y - 1 / (y.abs() + 1)


Model = Head


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_number_left_of_tensor_operator_is_flagged():
    # The parameter `hard` == a mask, `self.residual * x`, an int attribute `//` a tensor.
    assert _lines(NUMBER_LEFT, "TL230") == _at(
        NUMBER_LEFT, "(hard == mask)", "self.residual * x", "self.bins // ("
    )


def test_tensor_left_and_dispatching_numbers_are_not_flagged():
    assert _lines(NUMBER_RIGHT, "TL230") == []


@requires_torch
@pytest.mark.parametrize(("source", "fails"), [(NUMBER_LEFT, True), (NUMBER_RIGHT, False)])
def test_torch_agrees_on_number_left_operators(source, fails):
    verdict = _torch_verdict(source)
    assert verdict.ok is not fails, verdict.detail


@requires_torch
def test_generated_number_operator_table_matches_torch():
    """The table's bool row: `True * t` fails scripted, `True ** t` does not (torch re-asked)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import torchscript_tables  # noqa: PLC0415 - the generator, needs torch

    from torchlint.lint.torchscript_tables import torchscript_table

    assert (
        torchscript_tables.number_tensor_operators()
        == torchscript_table()["number_tensor_operators"]
    )


# --- TL205: foreign attributes on a tensor parameter -----------------------------------------

FOREIGN_ATTRIBUTES = """
import torch
from torch import nn


class Tagged(torch.Tensor):
    def lengths(self):
        return self.sum(-1)


def pool(h: Tagged):
    return h.lengths()


def scale(frames):
    return frames * frames.fps


class Model(nn.Module):
    def forward(self, x: torch.Tensor):
        x.fps = 2.0
        return pool(x) + scale(x).sum(-1)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

TENSOR_ATTRIBUTES = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x: torch.Tensor, lengths):
        out = self.pool(x, lengths)
        return out.mT.real + x.T.sum() * x.ndim

    def pool(self, h, lengths: torch.Tensor):
        return h.sum(1, keepdim=True) / lengths.clamp_min(1).unsqueeze(-1).unsqueeze(-1)


def inputs():
    return [(torch.randn(2, 3, 4), torch.tensor([3.0, 2.0])), (torch.randn(1, 5, 4), torch.tensor([4.0]))]
"""


def test_foreign_tensor_attributes_are_flagged():
    # The subclass's method on `h: Tagged`, `frames.fps` on an unannotated parameter, and
    # setting `x.fps` on `x: torch.Tensor`.
    assert _lines(FOREIGN_ATTRIBUTES, "TL205") == _at(
        FOREIGN_ATTRIBUTES, "h.lengths()", "frames.fps", "x.fps = 2.0"
    )


def test_tensor_attributes_are_not_flagged():
    assert _lines(TENSOR_ATTRIBUTES, "TL205") == []


@requires_torch
@pytest.mark.parametrize(
    ("source", "fails"), [(FOREIGN_ATTRIBUTES, True), (TENSOR_ATTRIBUTES, False)]
)
def test_torch_agrees_on_tensor_attributes(source, fails):
    verdict = _torch_verdict(source)
    assert verdict.ok is not fails, verdict.detail


@requires_torch
def test_each_foreign_attribute_fails_alone():
    """Each flagged spelling fails torch.jit.script on its own (not only the first)."""
    import torch

    from .oracle import load_example

    module = load_example(textwrap.dedent(FOREIGN_ATTRIBUTES))
    for function in (module.pool, module.scale):
        with pytest.raises(RuntimeError, match="has no attribute or method"):
            torch.jit.script(function)


# --- TL209: torch.autograd.Variable, torch.masked -------------------------------------------

LEGACY_AND_MASKED = """
import torch
from torch import nn
from torch.autograd import variable as legacy
import torch.masked as tm


class Model(nn.Module):
    def forward(self, x, keep):
        h = legacy.Variable(x * 2)
        return tm.as_masked_tensor(h, keep).sum(dim=0).get_data()


def inputs():
    return [(torch.randn(2, 3), torch.rand(2, 3) > 0.5)]
"""


def test_variable_and_masked_functions_are_flagged():
    assert _lines(LEGACY_AND_MASKED, "TL209") == _at(
        LEGACY_AND_MASKED, "legacy.Variable(", "tm.as_masked_tensor("
    )


@requires_torch
def test_torch_rejects_variable_and_masked_functions():
    verdict = _torch_verdict(LEGACY_AND_MASKED)
    assert not verdict.ok
    for line in (
        "        h = legacy.Variable(x * 2)\n        return h * 2",
        "        return tm.as_masked_tensor(x, keep).sum(dim=0).get_data()",
    ):
        alone = LEGACY_AND_MASKED.replace(
            "        h = legacy.Variable(x * 2)\n"
            "        return tm.as_masked_tensor(h, keep).sum(dim=0).get_data()",
            line,
        )
        assert alone != LEGACY_AND_MASKED
        assert not _torch_verdict(alone).ok


# --- TL204: `*` of range / zip / enumerate ----------------------------------------------------

STAR_ITERABLES = """
import torch
from torch import nn


def channels_first(x):
    return x.permute(*range(x.dim() - 1, -1, -1))


class Model(nn.Module):
    def forward(self, x):
        pairs = [*zip(x.unbind(0), x.unbind(0))]
        return channels_first(x) + pairs[0][0]


def inputs():
    return [(torch.randn(2, 2),), (torch.randn(3, 3),)]
"""

LISTS_OF_ITERABLES = """
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        nd = x.dim()
        y = x.permute([0] + list(range(2, nd)) + [1])
        for i, (a, b) in enumerate(zip(y.unbind(0), x.unbind(0))):
            y = y + a.sum() * i + b.sum()
        return y.permute(*(0, 2, 1))


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 6),)]
"""


def test_star_of_range_and_zip_is_flagged():
    assert _lines(STAR_ITERABLES, "TL204") == _at(STAR_ITERABLES, "*range(", "*zip(")


def test_loops_and_lists_of_ranges_are_not_flagged():
    assert _lines(LISTS_OF_ITERABLES, "TL204") == []


@requires_torch
@pytest.mark.parametrize(("source", "fails"), [(STAR_ITERABLES, True), (LISTS_OF_ITERABLES, False)])
def test_torch_agrees_on_star_iterables(source, fails):
    verdict = _torch_verdict(source)
    assert verdict.ok is not fails, verdict.detail


# --- TL231: `.item()` where TorchScript needs a declared number type -------------------------

ITEM_DECLARED = """
from typing import Optional, Union

import torch
from torch import nn


def spread(x: torch.Tensor) -> Optional[Union[int, float]]:
    return (x.max() - x.min()).item()


def positive(x: torch.Tensor) -> bool:
    top = x.max().item()
    return top


class Model(nn.Module):
    def forward(self, x):
        level: float = x.abs().mean().item()
        s = spread(x)
        return x * level + (0.0 if s is None else 1.0) + float(positive(x))


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

ITEM_CONVERTED = """
from typing import Any, Optional, Union

import torch
from torch import nn


def spread(x: torch.Tensor) -> Union[int, float]:
    return float((x.max() - x.min()).item())


def peak(x: torch.Tensor) -> Optional[float]:
    if x.numel() == 0:
        return None
    return x.max().item()


def count(x: torch.Tensor) -> int:
    return (x > 0).sum().item()


class Model(nn.Module):
    def forward(self, x):
        level: Any = x.abs().mean().item()
        p = peak(x)
        s = spread(x)
        y = x * count(x) + (0.0 if p is None else p)
        if isinstance(s, float):
            y = y * s
        return y


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_item_where_a_declared_type_is_needed_is_flagged():
    assert _lines(ITEM_DECLARED, "TL231") == _at(
        ITEM_DECLARED, "return (x.max() - x.min()).item()", "    return top", "level: float ="
    )


def test_item_converted_or_returned_as_one_number_is_not_flagged():
    assert _lines(ITEM_CONVERTED, "TL231") == []


@requires_torch
@pytest.mark.parametrize(("source", "fails"), [(ITEM_DECLARED, True), (ITEM_CONVERTED, False)])
def test_torch_agrees_on_item_numbers(source, fails):
    verdict = _torch_verdict(source)
    assert verdict.ok is not fails, verdict.detail


@requires_torch
@pytest.mark.parametrize(
    "body",
    [
        "def f(x: torch.Tensor) -> Optional[Union[int, float]]:\n"
        "    return (x.max() - x.min()).item()\n",
        "def f(x: torch.Tensor) -> bool:\n    top = x.max().item()\n    return top\n",
        "def f(x: torch.Tensor):\n    level: float = x.abs().mean().item()\n    return level\n",
    ],
)
def test_each_flagged_spelling_fails_alone(body):
    import torch

    from .oracle import load_example

    module = load_example("from typing import Optional, Union\n\nimport torch\n\n\n" + body)
    with pytest.raises(RuntimeError, match="of type number"):
        torch.jit.script(module.f)


# --- TL212: a builtin function held as a module attribute -----------------------------------

HELD_BUILTINS = """
from operator import mul, truediv

import torch
from torch import nn


class Pool(nn.Module):
    def __init__(self, use_max: bool = True):
        super().__init__()
        self.reduce = max if use_max else min
        self.combine = mul

    def forward(self, a, b):
        return self.combine(self.reduce(a, b), 2.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = Pool()

    def forward(self, a, b):
        return self.pool(a.sum(), b.sum()) * a


def inputs():
    return [(torch.randn(2, 3), torch.randn(2, 3))]
"""

HELD_TORCH_FUNCTIONS = """
import math

import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, merge: str = "add"):
        super().__init__()
        self.merge = torch.add if merge == "add" else torch.mul
        self.act = F.relu
        self.root = math.sqrt

    def forward(self, a, b):
        return self.act(self.merge(a, b)) * self.root(2.0)


def inputs():
    return [(torch.randn(2, 3), torch.randn(2, 3))]
"""


def test_builtin_functions_held_as_attributes_are_flagged():
    # `self.combine` (operator.mul) and `self.reduce` (max / min), both called on one line.
    assert _lines(HELD_BUILTINS, "TL212") == _at(HELD_BUILTINS, "return self.combine(") * 2


def test_torch_and_math_functions_held_as_attributes_are_not_flagged():
    assert _lines(HELD_TORCH_FUNCTIONS, "TL212") == []


@requires_torch
@pytest.mark.parametrize(
    ("source", "fails"), [(HELD_BUILTINS, True), (HELD_TORCH_FUNCTIONS, False)]
)
def test_torch_agrees_on_held_functions(source, fails):
    verdict = _torch_verdict(source)
    assert verdict.ok is not fails, verdict.detail
