"""Session-28 repairs of helper-256 (issue #23, b69-b71): fixers/repair_session28.py. Torch
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


# -- CountBoundedRangeToFrozenLoop (TL102): range() of a count of a boolean tensor ---------------
REFINE = """\
import torch
from torch import nn


class Refine(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.Linear(4, 4)

    def forward(self, x):
        n = (x.abs() > 1.0).sum()
        h = x
        for _ in range(n):
            t = self.cell(h)
            h = torch.tanh(t) + h * 0.5
        return h


Model = Refine


def inputs():
    torch.manual_seed(28)
    return [(torch.randn(2, 4),), (torch.randn(2, 4) * 3,), (torch.randn(2, 4) * 0.1,)]
"""

REFINED = REFINE.replace(
    "        for _ in range(n):\n"
    "            t = self.cell(h)\n"
    "            h = torch.tanh(t) + h * 0.5\n",
    "        for step in range((x.abs() > 1.0).numel()):\n"
    "            done = step >= n\n"
    "            t = self.cell(h)\n"
    "            h = torch.where(done, h, torch.tanh(t) + h * 0.5)\n",
)


def test_a_loop_counted_by_a_boolean_sum_runs_its_bound_with_the_values_frozen():
    assert fixed_text(REFINE, COMPILE) == REFINED
    assert fixed_text(REFINE, COMPILE, unsafe=False) == REFINE  # unsafe only


def test_the_loop_target_read_in_the_body_is_kept():
    counted = REFINE.replace("for _ in range(n):", "for i in range(n):").replace(
        "h = torch.tanh(t) + h * 0.5", "h = torch.tanh(t) + h * 0.5 + i"
    )
    fixed = fixed_text(counted, COMPILE)
    assert "        for i in range((x.abs() > 1.0).numel()):\n            done = i >= n\n" in fixed
    assert "h = torch.where(done, h, torch.tanh(t) + h * 0.5 + i)" in fixed


def test_a_count_made_a_python_int_stays_the_tensor_the_loop_compares():
    for conversion in ("int((x.abs() > 1.0).sum())", "(x.abs() > 1.0).sum().item()"):
        source = REFINE.replace("n = (x.abs() > 1.0).sum()", f"n = {conversion}")
        assert fixed_text(source, COMPILE) == REFINED, conversion


def test_a_count_read_elsewhere_too_keeps_its_conversion():
    source = REFINE.replace("n = (x.abs() > 1.0).sum()", "n = int((x.abs() > 1.0).sum())")
    source = source.replace("        return h\n", "        return h * n\n")
    assert ".numel()):" not in fixed_text(source, COMPILE)


def test_loops_the_bound_does_not_hold_are_left_alone():
    for old, new in [
        # a sum of values, not of a boolean tensor: no bound from the shape
        ("n = (x.abs() > 1.0).sum()", "n = x.abs().sum().long()"),
        # the counted tensor's operand rebound between the count and the loop
        ("        h = x\n", "        h = x\n        x = torch.cat([x, x])\n"),
        # a step that does more than assign (an append runs on the frozen steps too)
        ("            t = self.cell(h)\n", "            t = self.cell(h)\n            print(t)\n"),
        # a temporary read after the loop: its last value would be another step's
        ("        return h\n", "        return h + t\n"),
        # a value first bound in the loop: no old value to keep
        ("        h = x\n", ""),
    ]:
        assert old in REFINE
        source = REFINE.replace(old, new)
        assert ".numel()):" not in fixed_text(source, COMPILE), new


@requires_torch
def test_the_bounded_loop_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(REFINE, fixed_text(REFINE, COMPILE), ("compile", "export"))
    converted = REFINE.replace("n = (x.abs() > 1.0).sum()", "n = int((x.abs() > 1.0).sum())")
    _assert_repaired(converted, fixed_text(converted, COMPILE), ("compile", "export"))


# -- DictLookupPerElementToWhere (TL102): a dict of ints read per element ----------------------
CACHE = """\
import torch
from torch import nn


class Cache(nn.Module):
    def __init__(self):
        super().__init__()
        self.slot_of = {4: 0, 9: 1, 2: 2}
        self.dense = nn.Embedding(3, 5)
        self.fallback = nn.Embedding(16, 5)

    def forward(self, ids):
        # ids in the cache use the dense table
        slots = torch.tensor([self.slot_of.get(int(i), -1) for i in ids])
        hit = slots >= 0
        cold = self.fallback(ids % 16)
        return torch.where(hit.unsqueeze(-1), self.dense(slots.clamp(min=0)), cold)


Model = Cache


def inputs():
    return [(torch.tensor([4, 5, 9, 30]),), (torch.tensor([1, 2, 2, 4]),)]
"""

CACHED = CACHE.replace(
    "        slots = torch.tensor([self.slot_of.get(int(i), -1) for i in ids])\n",
    "        slots = torch.full((ids.shape[0],), -1, dtype=torch.int64, device=ids.device)\n"
    "        keys = ids.reshape(ids.shape[0]).long()\n"
    "        for key, value in self.slot_of.items():\n"
    "            slots = torch.where(keys == key, value, slots)\n",
)


TOLIST = CACHE.replace(
    "[self.slot_of.get(int(i), -1) for i in ids]",
    "[self.slot_of.get(v, -1) for v in ids.tolist()]",
)


def test_a_per_element_dict_lookup_becomes_one_where_per_entry():
    assert fixed_text(CACHE, COMPILE) == CACHED
    assert fixed_text(CACHE, COMPILE, unsafe=False) == CACHE  # unsafe only


def test_a_module_level_table_read_by_item_compares_without_a_cast():
    source = CACHE.replace("        self.slot_of = {4: 0, 9: 1, 2: 2}\n", "").replace(
        "self.slot_of.get(int(i), -1)", "SLOT_OF.get(i.item(), -1)"
    )
    source = source.replace("class Cache", "SLOT_OF = {4: 0, 9: 1, 2: 2}\n\n\nclass Cache")
    fixed = fixed_text(source, COMPILE)
    assert (
        "        keys = ids.reshape(ids.shape[0])\n        for key, value in SLOT_OF.items():\n"
        in fixed
    )


def test_tables_the_lookup_cannot_read_are_left_alone():
    for old, new in [
        # a value that is no int: torch.tensor would make floats
        ("{4: 0, 9: 1, 2: 2}", "{4: 0.5, 9: 1, 2: 2}"),
        # the dict is changed elsewhere
        ("        hit = slots >= 0\n", "        hit = slots >= 0\n        self.slot_of[7] = 0\n"),
        ("        hit = slots >= 0\n", "        hit = slots >= 0\n        self.slot_of.pop(4)\n"),
        # an alias that may change it
        ("        hit = slots >= 0\n", "        hit = slots >= 0\n        seen = self.slot_of\n"),
        # no default: a missing id gives None, which torch.tensor rejects
        ("self.slot_of.get(int(i), -1)", "self.slot_of.get(int(i))"),
        # the element is also read elsewhere in the item
        ("self.slot_of.get(int(i), -1)", "self.slot_of.get(int(i), -1) + int(i)"),
    ]:
        assert old in CACHE
        source = CACHE.replace(old, new)
        assert ".items():" not in fixed_text(source, COMPILE), new


@requires_torch
def test_the_dict_lookup_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(CACHE, fixed_text(CACHE, COMPILE), ("compile", "export"))


# -- NumpyArithmeticToTorch (TL306): the NumPy round trip through arithmetic with a number ------
BALL = """\
import numpy as np
import torch
from torch import nn


def logmap(y, c: float):
    sqrt_c = c**0.5
    norm = y.norm(dim=-1, keepdim=True).clamp_min(1e-5)
    scale = np.arctanh(np.clip(sqrt_c * norm.detach().numpy(), 0, 1 - 1e-5))
    return torch.from_numpy(scale).float() * y / (sqrt_c * norm)


class Ball(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(logmap(x, 1.0))


Model = Ball


def inputs():
    torch.manual_seed(280)
    return [(torch.rand(3, 4) * 0.3,), (torch.rand(3, 4) * 0.45,)]
"""

BALL_FIXED = BALL.replace(
    "    scale = np.arctanh(np.clip(sqrt_c * norm.detach().numpy(), 0, 1 - 1e-5))\n"
    "    return torch.from_numpy(scale).float() * y / (sqrt_c * norm)\n",
    "    scale = torch.atanh(torch.clamp(sqrt_c * norm.detach(), 0, 1 - 1e-5))\n"
    "    return scale.float() * y / (sqrt_c * norm)\n",
)


def test_the_numpy_round_trip_through_a_number_times_the_array_becomes_torch():
    assert fixed_text(BALL, EXPORT) == BALL_FIXED
    assert fixed_text(BALL, EXPORT, unsafe=False) == BALL  # unsafe only


def test_arithmetic_on_either_side_and_nested_keeps_its_parentheses():
    source = BALL.replace(
        "np.clip(sqrt_c * norm.detach().numpy(), 0, 1 - 1e-5)",
        "np.clip((norm.detach().numpy() + 1.0) / 2, 0, 1 - 1e-5)",
    )
    fixed = fixed_text(source, EXPORT)
    assert "torch.atanh(torch.clamp((norm.detach() + 1.0) / 2, 0, 1 - 1e-5))" in fixed


def test_arithmetic_with_what_may_be_an_array_is_left_alone():
    for old, new in [
        ("sqrt_c * norm.detach().numpy()", "y.detach().numpy()[:, :1] * norm.detach().numpy()"),
        # an unannotated parameter may be a NumPy array or scalar
        ("def logmap(y, c: float):", "def logmap(y, c):"),
    ]:
        assert old in BALL
        assert "torch.atanh" not in fixed_text(BALL.replace(old, new), EXPORT), new


@requires_torch
def test_the_log_map_exports_with_eager_unchanged():
    _assert_repaired(BALL, fixed_text(BALL, EXPORT), ("export",))


def test_a_lookup_over_tolist_reads_the_elements_as_they_are():
    """The finding is TL104's on ``.tolist()`` (trace bakes the values in)."""
    fixed = fixed_text(TOLIST, TRACE)
    assert fixed == CACHED.replace(
        "        keys = ids.reshape(ids.shape[0]).long()\n",
        "        keys = ids.reshape(ids.shape[0])\n",
    )


@requires_torch
def test_the_tolist_lookup_traces_with_eager_unchanged():
    _assert_repaired(TOLIST, fixed_text(TOLIST, TRACE), ("trace",))
