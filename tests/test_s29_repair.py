"""Session-29 repairs of helper-266 (issue #23, b69-b72): fixers/repair_session29.py. Torch
checks that the fixed text passes the back-ends the original failed with eager outputs
unchanged, and that no back-end that passed now fails; ``fixed_text`` applies each fix twice
(the second changes nothing). Look-alikes are left alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

COMPILE = Settings(targets=("compile",), targets_explicit=True)
EXPORT = Settings(targets=("export",), targets_explicit=True)
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


# -- CallCounterToBuffer (TL311): a Python call counter on self ----------------------------------
WARMUP = """\
import torch
from torch import nn


class Warmup(nn.Module):
    def __init__(self, steps: int = 3, floor: float = 0.2):
        super().__init__()
        self.proj = nn.Linear(5, 5)
        self.steps = steps
        self.floor = floor
        self.seen = 0

    def ramp(self) -> float:
        done = min(self.seen / self.steps, 1.0)
        return self.floor + (1.0 - self.floor) * done

    def forward(self, x):
        self.seen += 1
        return self.proj(x) * self.ramp()


Model = Warmup


def inputs():
    torch.manual_seed(29)
    return [(torch.randn(2, 5),), (torch.randn(2, 5),), (torch.randn(2, 5),), (torch.randn(2, 5),)]
"""

WARMED = (
    WARMUP.replace(
        "        self.seen = 0\n",
        '        self.register_buffer("seen", torch.tensor(0), persistent=False)\n',
    )
    .replace("def ramp(self) -> float:", "def ramp(self) -> torch.Tensor:")
    .replace(
        "done = min(self.seen / self.steps, 1.0)", "done = (self.seen / self.steps).clamp(max=1.0)"
    )
    .replace("        self.seen += 1\n", "        self.seen.add_(1)\n")
)


def test_a_call_counter_becomes_a_buffer_advanced_in_place():
    assert fixed_text(WARMUP, EXPORT) == WARMED
    assert fixed_text(WARMUP, EXPORT, unsafe=False) == WARMUP  # unsafe only


def test_a_counter_read_in_forward_itself_with_max_and_a_local():
    source = WARMUP.replace(
        "        return self.proj(x) * self.ramp()\n",
        "        left = max(self.steps - self.seen, 0)\n        return self.proj(x) * left\n",
    ).replace("done = min(self.seen / self.steps, 1.0)", "done = 1.0")
    fixed = fixed_text(source, EXPORT)
    assert "left = (self.steps - self.seen).clamp(min=0)" in fixed
    assert "self.seen.add_(1)" in fixed
    assert "def ramp(self) -> float:" in fixed  # reads no counter: the annotation stays


def test_a_counter_read_by_a_method_nothing_calls_is_left_alone():
    source = WARMUP.replace(
        "        return self.proj(x) * self.ramp()\n", "        return self.proj(x)\n"
    )
    assert "register_buffer" not in fixed_text(source, EXPORT)


def test_counters_whose_value_goes_elsewhere_are_left_alone():
    for old, new in [
        # a branch on the count: a tensor condition there
        (
            "        return self.proj(x) * self.ramp()\n",
            "        if self.seen > 2:\n            return self.proj(x)\n"
            "        return self.proj(x) * self.ramp()\n",
        ),
        # reset elsewhere
        (
            "    def forward(self, x):\n",
            "    def reset(self):\n        self.seen = 0\n\n    def forward(self, x):\n",
        ),
        # read from outside the class
        ("Model = Warmup\n", "Model = Warmup\nSTART = Warmup().seen\n"),
        # advanced by a value that is no int literal
        ("        self.seen += 1\n", "        self.seen += x.shape[0]\n"),
        # a float start
        ("        self.seen = 0\n", "        self.seen = 0.0\n"),
        # bound before super().__init__(): no buffer can be registered there
        (
            "        super().__init__()\n        self.proj",
            "        self.seen = 0\n        super().__init__()\n        self.proj",
        ),
        # a power: an int64 tensor to a negative int power raises where Python gives a float
        ("done = min(self.seen / self.steps, 1.0)", "done = min(2 ** -self.seen, 1.0)"),
        # a class attribute of the name: register_buffer raises KeyError
        ("class Warmup(nn.Module):\n", "class Warmup(nn.Module):\n    seen: int = 0\n\n"),
        # min of max: nested rewrites
        (
            "done = min(self.seen / self.steps, 1.0)",
            "done = min(max(self.seen - 1, 0) / self.steps, 1.0)",
        ),
        # the value goes into a Python call
        (
            "        return self.proj(x) * self.ramp()\n",
            "        return self.proj(x) * round(self.ramp())\n",
        ),
    ]:
        assert old in WARMUP, old
        source = WARMUP.replace(old, new)
        assert "register_buffer" not in fixed_text(source, EXPORT), new


@requires_torch
def test_the_counter_buffer_exports_with_eager_unchanged():
    _assert_repaired(WARMUP, fixed_text(WARMUP, EXPORT), ("export",))
    source = WARMUP.replace(
        "        return self.proj(x) * self.ramp()\n",
        "        left = max(self.steps - self.seen, 0)\n        return self.proj(x) * left\n",
    ).replace("done = min(self.seen / self.steps, 1.0)", "done = 1.0")
    _assert_repaired(source, fixed_text(source, EXPORT), ("export",))


# -- ListOfFunctionOfItemsToTensor (TL104 / TL108 / TL112): f of each value of .tolist() ------
PENALTY = """\
import functools

import torch
from torch import nn


@functools.lru_cache(maxsize=None)
def length_penalty(length, alpha):
    \"\"\"GNMT's penalty.\"\"\"
    return ((5.0 + length) / 6.0) ** alpha


class Rescore(nn.Module):
    def __init__(self, alpha: float = 0.7):
        super().__init__()
        self.score = nn.Linear(4, 1)
        self.alpha = alpha

    def forward(self, h, mask):
        logp = self.score(h).squeeze(-1).sum(-1)
        lengths = mask.sum(-1)
        penalty = [length_penalty(n, self.alpha) for n in lengths.tolist()]
        return logp / torch.tensor(penalty)


Model = Rescore


def inputs():
    torch.manual_seed(29)
    return [
        (torch.randn(3, 6, 4), torch.rand(3, 6) > 0.3),
        (torch.randn(3, 6, 4), torch.rand(3, 6) > 0.7),
    ]
"""

PENALIZED = PENALTY.replace(
    "        penalty = [length_penalty(n, self.alpha) for n in lengths.tolist()]\n"
    "        return logp / torch.tensor(penalty)\n",
    "        penalty = ((5.0 + lengths) / 6.0) ** self.alpha\n        return logp / penalty\n",
)


def test_a_function_of_each_listed_value_runs_on_the_tensor():
    for settings in (COMPILE, EXPORT, TRACE):
        assert fixed_text(PENALTY, settings) == PENALIZED
    assert fixed_text(PENALTY, COMPILE, unsafe=False) == PENALTY  # unsafe only


def test_the_list_given_to_torch_tensor_directly():
    source = PENALTY.replace(
        "        penalty = [length_penalty(n, self.alpha) for n in lengths.tolist()]\n"
        "        return logp / torch.tensor(penalty)\n",
        "        return logp / torch.tensor([length_penalty(n, 0.5) for n in lengths.tolist()])\n",
    )
    fixed = fixed_text(source, COMPILE)
    assert "        return logp / ((5.0 + lengths) / 6.0) ** 0.5\n" in fixed


def test_functions_and_lists_the_rewrite_cannot_read_are_left_alone():
    for old, new in [
        # an integer base to a power: a negative int exponent raises for an integer tensor
        ("return ((5.0 + length) / 6.0) ** alpha", "return (5 + length) ** alpha"),
        # more than one return expression
        (
            "    return ((5.0 + length) / 6.0) ** alpha\n",
            "    if length == 0:\n        return 1.0\n    return ((5.0 + length) / 6.0) ** alpha\n",
        ),
        # a call in the body
        ("return ((5.0 + length) / 6.0) ** alpha", "return abs(length) ** alpha"),
        # another decorator may change values
        ("@functools.lru_cache(maxsize=None)\n", "@functools.wraps(print)\n"),
        # the element passed twice
        ("length_penalty(n, self.alpha)", "length_penalty(n, n)"),
        # torch.tensor with a dtype
        ("torch.tensor(penalty)", "torch.tensor(penalty, dtype=torch.float64)"),
        # the list is read elsewhere too
        (
            "        return logp / torch.tensor(penalty)\n",
            "        return logp / torch.tensor(penalty) + len(penalty)\n",
        ),
        # a filtered comprehension
        ("for n in lengths.tolist()]", "for n in lengths.tolist() if n > 0]"),
    ]:
        assert old in PENALTY, old
        source = PENALTY.replace(old, new)
        assert "** self.alpha\n        return logp / penalty" not in fixed_text(source, COMPILE), (
            new
        )


def test_a_tensor_call_read_twice_in_the_body_is_left_alone():
    source = PENALTY.replace(
        "return ((5.0 + length) / 6.0) ** alpha", "return (length / 6.0) ** alpha + length"
    ).replace("for n in lengths.tolist()]", "for n in mask.sum(-1).tolist()]")
    assert "mask.sum(-1).tolist()" in fixed_text(source, COMPILE)
    once = source.replace("for n in mask.sum(-1).tolist()]", "for n in lengths.tolist()]")
    assert "(lengths / 6.0) ** self.alpha + lengths" in fixed_text(once, COMPILE)


@requires_torch
def test_the_tensor_arithmetic_compiles_exports_and_traces_with_eager_unchanged():
    _assert_repaired(PENALTY, fixed_text(PENALTY, COMPILE), ("compile", "export", "trace"))
