"""Session-19 repairs (issue #23; fixers/repair_session19.py), in spellings other than the
probes': ``from itertools import starmap`` over a zip of three lists in a ``for`` loop and over
a name bound to a comprehension of pairs; ``itertools.pairwise`` through an alias over a list
built in a loop; ``len(range(...))`` of int parameters (safe) and of an attribute (unsafe); a
local picking one of two methods with a ``bool`` parameter, called twice in one expression, and one picked by an ``if`` statement on an attribute; a
``x.size()`` given to a method's ``Tuple[int, int, int]`` parameter; NumPy scalars of ``import numpy`` stored in ``__init__``; a tuple default of a
module-level function. Torch checks that the
fixed text scripts with eager unchanged and that no back-end that passed now fails."""

from __future__ import annotations

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SCRIPT = Settings(targets=("script",), targets_explicit=True)

STARMAP = """\
from itertools import starmap
from typing import List

import torch
from torch import nn


def combine(x: torch.Tensor, y: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
    return x * y + z


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def gate(self, h: torch.Tensor, g: torch.Tensor) -> torch.Tensor:
        return h * torch.sigmoid(g)

    def forward(self, t: torch.Tensor):
        xs = [t, t + 1]
        ys = [self.fc(t), t * 2]
        zs = [t - 1, t.flip(0)]
        total = torch.zeros_like(t)
        for out in starmap(combine, zip(xs, ys, zs)):  # one per level
            total = total + out
        couples = [(self.fc(p), q) for p, q in zip(xs, ys)]
        gated = list(starmap(self.gate, couples))
        return total + torch.stack(gated).sum(0)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
"""


def test_starmap_becomes_a_loop_and_a_comprehension_as_safe_fixes():
    assert_rewritten(
        STARMAP,
        [
            (
                "for out in starmap(combine, zip(xs, ys, zs)):  # one per level\n",
                "for x, y, z in zip(xs, ys, zs):  # one per level\n"
                "            out = combine(x, y, z)\n",
            ),
            (
                "list(starmap(self.gate, couples))",
                "[self.gate(h, g) for h, g in couples]",
            ),
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_starmap_of_a_function_with_defaults_over_unknown_items_is_left_alone():
    source = STARMAP.replace(
        "y: torch.Tensor, z: torch.Tensor)", "y: torch.Tensor, z: float = 1.0)"
    ).replace("zip(xs, ys, zs)):", "[(a, b) for a, b in zip(xs, ys)] + [(t, t, t)]):")
    assert "starmap(combine," in fixed_text(source, SCRIPT, unsafe=True)


PAIRWISE = """\
import itertools as it
from typing import List

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(4, 4) for _ in range(4)])

    def forward(self, x):
        levels: List[torch.Tensor] = []
        for stage in self.stages:
            x = stage(x).tanh()
            levels.append(x)
        # consecutive differences
        out = torch.zeros_like(x)
        for prev, nxt in it.pairwise(levels):
            out = out + (nxt - prev).abs()
        return out


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_pairwise_of_a_list_becomes_a_zip_of_slices_as_a_safe_fix():
    assert_rewritten(
        PAIRWISE,
        [("it.pairwise(levels)", "zip(levels[:-1], levels[1:])")],
        unsafe=False,
        settings=SCRIPT,
    )


def test_pairwise_of_a_list_the_loop_grows_is_left_alone():
    source = PAIRWISE.replace(
        "out = out + (nxt - prev).abs()", "out = out + (nxt - prev).abs()\n            levels.pop()"
    )
    assert "it.pairwise(levels)" in fixed_text(source, SCRIPT, unsafe=True)


def test_pairwise_of_a_list_a_call_returns_is_left_alone():
    source = PAIRWISE.replace("levels: List[torch.Tensor] = []", "levels = self.collect()")
    assert "it.pairwise(levels)" in fixed_text(source, SCRIPT, unsafe=True)


LEN_RANGE = """\
import torch
from torch import nn


def count(start: int, stop: int) -> int:
    return len(range(start, stop + 1, 2)) + len(range(stop))


class Model(nn.Module):
    def __init__(self, hop: int = 3):
        super().__init__()
        self.hop = hop

    def forward(self, x):
        n = count(1, x.shape[0])
        m = len(range(x.shape[-1] - 1, -1, -self.hop))
        return x.sum() * n + m


def inputs():
    return [(torch.randn(2, 7),), (torch.randn(6, 2),)]
"""


def test_len_of_a_range_of_int_parameters_becomes_arithmetic_as_a_safe_fix():
    fixed = fixed_text(LEN_RANGE, SCRIPT, unsafe=False)
    assert "max(0, (stop + 1 - start + 1) // 2) + max(0, stop)" in fixed
    assert "len(range(x.shape[-1] - 1, -1, -self.hop))" in fixed  # an attribute: unsafe


def test_len_of_a_range_with_an_attribute_step_is_an_unsafe_fix():
    fixed = fixed_text(LEN_RANGE, SCRIPT, unsafe=True)
    step = "(-self.hop)"
    assert (
        f"m = max(0, (-1 - (x.shape[-1] - 1) + {step} - (1 if {step} > 0 else -1)) // {step})"
        in fixed
    )


def test_the_length_formula_is_pythons():
    from torchlint.fixers.repair_session19 import LenRangeToArithmetic  # noqa: F401

    for start in range(-6, 7):
        for stop in range(-6, 7):
            for step in (-3, -2, -1, 1, 2, 5):
                s = step
                value = max(0, (stop - start + s - (1 if s > 0 else -1)) // s)
                assert value == len(range(start, stop, step))


PICK = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def _smooth(self, h):
        return torch.nn.functional.gelu(self.fc(h))

    def _sharp(self, h):
        return torch.relu(self.fc(h))

    def forward(self, x, fast: bool = True):
        act = self._sharp if fast else self._smooth
        y = act(x) * 2
        return act(y) + torch.sum(act(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4), False)]
"""


def test_a_picked_method_becomes_picked_calls_as_a_safe_fix():
    assert_rewritten(
        PICK,
        [
            ("        act = self._sharp if fast else self._smooth\n", ""),
            ("act(x) * 2", "(self._sharp(x) if fast else self._smooth(x)) * 2"),
            (
                "act(y) + torch.sum(act(x))",
                "(self._sharp(y) if fast else self._smooth(y)) "
                "+ torch.sum(self._sharp(x) if fast else self._smooth(x))",
            ),
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_a_picked_method_passed_on_or_commented_is_left_alone():
    passed = PICK.replace("torch.sum(act(x))", "torch.sum(self.apply_fn(act, x))")
    assert "act = self._sharp" in fixed_text(passed, SCRIPT, unsafe=True)
    commented = PICK.replace("else self._smooth\n", "else self._smooth  # pick once\n")
    assert "act = self._sharp" in fixed_text(commented, SCRIPT, unsafe=True)
    rebound = PICK.replace("y = act(x) * 2", "fast = not fast\n        y = act(x) * 2")
    assert "act = self._sharp" in fixed_text(rebound, SCRIPT, unsafe=True)


PICK_IF = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.noisy = False

    def _noised(self, h):
        return self.fc(h) + 0.1

    def _clean(self, h):
        return self.fc(h)

    def encode(self, x):
        if self.noisy:
            norm = self._noised
        else:
            norm = self._clean
        out = norm(x)
        return out + norm(x * 0.5)

    def forward(self, x):
        return self.encode(x).tanh()


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_a_method_picked_by_an_if_statement_becomes_picked_calls_as_a_safe_fix():
    old = PICK_IF[PICK_IF.index("        if self.noisy:") : PICK_IF.index("    def forward")]
    new = (
        "        out = self._noised(x) if self.noisy else self._clean(x)\n"
        "        return out + (self._noised(x * 0.5) if self.noisy else self._clean(x * 0.5))\n\n"
    )
    assert_rewritten(PICK_IF, [(old, new)], unsafe=False, settings=SCRIPT)


def test_a_method_picked_on_an_attribute_another_method_sets_is_left_alone():
    source = PICK_IF.replace(
        "    def forward(self, x):\n",
        "    def quiet(self):\n        self.noisy = False\n\n    def forward(self, x):\n",
    )
    assert "norm = self._noised" in fixed_text(source, SCRIPT, unsafe=True)


SHAPE = """\
from typing import Tuple

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def _tokens(self, dims: Tuple[int, int, int]) -> int:
        b, t, c = dims
        return b * t

    def forward(self, x):
        n = self._tokens(x.size())
        return self.fc(x).reshape(n, -1)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
"""


def test_a_shape_given_to_an_int_tuple_parameter_makes_it_a_list_as_an_unsafe_fix():
    # Unsafe: a scripted caller in another file may give the parameter a tuple.
    assert "dims: Tuple[int, int, int]" in fixed_text(SHAPE, SCRIPT, unsafe=False)
    fixed = fixed_text(SHAPE, SCRIPT, unsafe=True)
    assert "def _tokens(self, dims: List[int]) -> int:" in fixed
    assert "from typing import List" in fixed


def test_a_parameter_another_call_gives_a_tuple_is_left_alone():
    source = SHAPE.replace(
        "return self.fc(x)", "self._tokens((1, 2, 3))\n        return self.fc(x)"
    )
    assert "dims: Tuple[int, int, int]" in fixed_text(source, SCRIPT, unsafe=True)


NUMPY = """\
import numpy
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, width: int = 4):
        super().__init__()
        self.fc = nn.Linear(width, width)
        self.eps = numpy.float16(1e-3)
        self.reps = numpy.int64(width // 2)

    def forward(self, x):
        y = self.fc(x)
        return y * self.reps + self.eps


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_numpy_scalars_stored_on_the_module_become_python_numbers_as_a_safe_fix():
    assert_rewritten(
        NUMPY,
        [
            ("numpy.float16(1e-3)", "float(numpy.float16(1e-3))"),
            ("numpy.int64(width // 2)", "int(numpy.int64(width // 2))"),
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_a_numpy_scalar_in_python_arithmetic_is_an_unsafe_fix():
    source = NUMPY.replace("y * self.reps + self.eps", "y * (self.reps * 2) + self.eps")
    safe = fixed_text(source, SCRIPT, unsafe=False)
    assert "float(numpy.float16(1e-3))" in safe  # read only with a tensor
    assert "self.reps = numpy.int64(width // 2)" in safe
    assert "int(numpy.int64(width // 2))" in fixed_text(source, SCRIPT, unsafe=True)


TUPLE_DEFAULT = """\
import torch
import torch.nn.functional as F
from torch import nn


def pooled(x: torch.Tensor, sizes=(4, 2, 1), mode="avg"):
    outs = [F.adaptive_avg_pool2d(x, s).flatten(1) for s in sizes]
    return torch.cat(outs, 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 2, 3, padding=1)

    def forward(self, x):
        return pooled(self.conv(x))


def inputs():
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 6, 10),)]
"""


def test_a_tuple_default_gets_its_tuple_type_as_a_safe_fix():
    fixed = fixed_text(TUPLE_DEFAULT, SCRIPT, unsafe=False)
    assert "sizes: Tuple[int, int, int] = (4, 2, 1), mode: str = " in fixed
    assert "from typing import Tuple" in fixed


def test_a_tuple_default_holding_a_name_is_left_alone():
    source = TUPLE_DEFAULT.replace("sizes=(4, 2, 1)", "sizes=(4, SIDE, 1)").replace(
        "from torch import nn\n", "from torch import nn\n\nSIDE = 2\n"
    )
    assert "sizes=(4, SIDE, 1)" in fixed_text(source, SCRIPT, unsafe=True)


ALL = Settings()
SOURCES = (STARMAP, PAIRWISE, LEN_RANGE, PICK, PICK_IF, SHAPE, NUMPY, TUPLE_DEFAULT)


def _findings(source: str, settings: Settings) -> set[tuple[str, str]]:
    found = lint_text("example.py", source, settings).diagnostics
    return {(d.code, d.message.split(":")[0]) for d in found}


def test_the_fixed_text_has_no_new_finding_for_any_target():
    for settings in (SCRIPT, ALL, Settings(targets=("compile", "export"))):
        for source in SOURCES:
            fixed = fixed_text(source, SCRIPT, unsafe=True)
            assert _findings(fixed, settings) <= _findings(source, settings), fixed


@requires_torch
def test_torch_scripts_the_repairs():
    for source in SOURCES:
        assert_script_repaired(source, fixed_text(source, SCRIPT, unsafe=True))
