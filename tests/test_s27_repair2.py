"""Session-27 repairs of helper-249 (issue #23): fixers/repair_session27b.py, and
fixers/script_session25.py's ModuleCalledAtVariableIndex (TL208, unsafe) keeping eager
behaviour for a negative index. Torch checks that the fixed text passes the back-ends the
original failed with eager outputs unchanged, and that no back-end that passed now fails;
``fixed_text`` applies each fix twice (the second changes nothing). Look-alikes are left
alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

COMPILE = Settings(targets=("compile",), targets_explicit=True)
SCRIPT = Settings(targets=("script",), targets_explicit=True)


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


# -- TL208: a module list called at a computed index, negative positions included ----------------
ROUTED = """\
import torch
from torch import nn


class Routed(nn.Module):
    def __init__(self):
        super().__init__()
        self.route = [2, -1, 0, -3]
        self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4)])

    def forward(self, y):
        for k in range(len(self.route)):
            y = y + self.blocks[self.route[k]](y) * 0.5
        return y


Model = Routed


def inputs():
    torch.manual_seed(5)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_a_computed_index_that_may_be_negative_also_matches_positions_from_the_end():
    fixed = fixed_text(ROUTED, SCRIPT)
    assert fixed == ROUTED.replace(
        "            y = y + self.blocks[self.route[k]](y) * 0.5\n",
        "            index = self.route[k]\n"
        "            for position, block in enumerate(self.blocks):\n"
        "                if position == index or position - len(self.blocks) == index:\n"
        "                    y = y + block(y) * 0.5\n",
    )
    assert fixed_text(ROUTED, SCRIPT, unsafe=False) == ROUTED  # unsafe only


def test_an_index_counted_up_from_zero_keeps_the_plain_position_test():
    """The look-alike: ``i`` of ``for i in range(n)`` / ``enumerate`` is never negative."""
    counted = ROUTED.replace(
        "        for k in range(len(self.route)):\n"
        "            y = y + self.blocks[self.route[k]](y) * 0.5\n",
        "        for k in range(1, 3):\n            y = y + self.blocks[k](y) * 0.5\n",
    )
    fixed = fixed_text(counted, SCRIPT)
    assert "                if position == k:\n" in fixed
    assert "len(self.blocks) == k" not in fixed
    # a name rebound in the function may be anything: the test from the end is kept
    rebound = counted.replace(
        "            y = y + self.blocks[k](y) * 0.5\n",
        "            k = k - 3\n            y = y + self.blocks[k](y) * 0.5\n",
    )
    assert "position - len(self.blocks) == k" in fixed_text(rebound, SCRIPT)


@requires_torch
def test_negative_route_scripts_with_eager_unchanged():
    _assert_repaired(ROUTED, fixed_text(ROUTED, SCRIPT), ("script",))


# -- SubscriptStoreToWhere (TL101): a store into a tensor's row under a tensor condition ---------
CLEARED = """\
import torch
from torch import nn


class Cleared(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 6)

    def forward(self, x):
        scores = self.proj(x)
        for row in range(scores.shape[0]):
            # rows whose peak is low are damped
            if scores[row].max() < 0.5:
                scores[row] *= 0.1
        return scores


Model = Cleared


def inputs():
    torch.manual_seed(11)
    return [(torch.randn(5, 6),), (torch.randn(3, 6) * 0.1,)]
"""


def test_a_row_store_under_a_tensor_condition_stores_a_selection_every_run():
    fixed = fixed_text(CLEARED, COMPILE)
    assert fixed == CLEARED.replace(
        "            if scores[row].max() < 0.5:\n                scores[row] *= 0.1\n",
        "            scores[row] = torch.where(scores[row].max() < 0.5, scores[row] * (0.1), "
        "scores[row])\n",
    )
    assert fixed_text(CLEARED, COMPILE, unsafe=False) == CLEARED  # unsafe only


def test_stores_the_selection_cannot_carry_are_left_alone():
    for old, new in [
        # an index read from tensor data: `scores[idx]` sized by the data
        ("scores[row] *= 0.1", "scores[scores[:, 0] > 0] *= 0.1"),
        # a draw: run where the branch was not taken, it moves the generator on
        ("scores[row] *= 0.1", "scores[row] = torch.rand(6)"),
        # an attribute store is no tensor element
        ("scores[row] *= 0.1", "self.flag = scores[row]"),
    ]:
        source = CLEARED.replace(old, new)
        assert "if scores[row].max() < 0.5:" in fixed_text(source, COMPILE)
    with_else = CLEARED.replace(
        "                scores[row] *= 0.1\n",
        "                scores[row] *= 0.1\n            else:\n                scores[row] += 1\n",
    )
    assert "if scores[row].max() < 0.5:" in fixed_text(with_else, COMPILE)


@requires_torch
def test_row_store_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(CLEARED, fixed_text(CLEARED, COMPILE), ("compile", "export"))


# -- fixers/loop_break_freeze.py: a guard read from sizes, the last iterate read after the loop ---
SILENT = """\
import torch
from torch import nn


class Integrate(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 4)

    def forward(self, x):
        v = torch.zeros(x.size(0), 4)
        total = torch.zeros_like(v)
        for t in range(x.size(1)):
            v = 0.9 * v + self.fc(x[:, t])
            fired = (v > 1.0).float()
            v = v - fired
            total = total + fired
            if t >= 2 and fired.sum() == 0:
                break
        return total + v


Model = Integrate


def inputs():
    torch.manual_seed(2)
    return [(torch.rand(2, 7, 3) * 3,), (torch.rand(2, 7, 3) * 0.01,)]
"""


def test_a_break_guarded_by_a_step_index_from_a_size_freezes_from_that_step():
    fixed = fixed_text(SILENT, COMPILE)
    assert "            if t >= 2:\n                stopped = torch.logical_or(" in fixed
    assert "break" not in fixed
    # a guard read from tensor data is no Python value: it joins the flag's tensor test
    data_guard = SILENT.replace("if t >= 2 and", "if total.sum().item() >= 2 and")
    assert "torch.logical_and(total.sum() >= 2, fired.sum() == 0)" in fixed_text(
        data_guard, COMPILE
    )


@requires_torch
def test_size_guarded_break_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(SILENT, fixed_text(SILENT, COMPILE), ("compile", "export"))


FIXED_POINT = """\
import torch
from torch import nn


class Inverse(nn.Module):
    def __init__(self):
        super().__init__()
        self.g = nn.Sequential(nn.Linear(3, 3), nn.Tanh())

    def forward(self, y):
        z = y.clone()
        for _ in range(40):
            z_next = y - 0.5 * self.g(z)
            if (z_next - z).abs().max() < 1e-3:
                break
            z = z_next
        return z_next


Model = Inverse


def inputs():
    torch.manual_seed(4)
    return [(torch.randn(4, 3) * 0.1,), (torch.randn(4, 3) * 5.0,)]
"""


def test_the_last_iterate_read_after_the_loop_starts_as_none():
    fixed = fixed_text(FIXED_POINT, COMPILE)
    assert "        z_next = None\n        stopped = torch.zeros((), dtype=torch.bool)\n" in fixed
    assert "z_next = y - 0.5 * self.g(z) if z_next is None else torch.where(stopped" in fixed
    # read before the loop's assignment in a step: no value to keep, left alone
    carried = FIXED_POINT.replace(
        "            z_next = y - 0.5 * self.g(z)\n",
        "            z_next = y - 0.5 * self.g(z_next if _ else z)\n",
    )
    assert "break" in fixed_text(carried, COMPILE)


@requires_torch
def test_fixed_point_loop_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(FIXED_POINT, fixed_text(FIXED_POINT, COMPILE), ("compile", "export"))


HEADS = """\
import torch
from torch import nn


class FirstConfident(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        for head in self.heads:
            y = head(x)
            if (y > -1.5).all():
                break
        return y


Model = FirstConfident


def inputs():
    torch.manual_seed(9)
    return [(torch.randn(2, 4) * 0.1,), (torch.randn(5, 4) * 3,)]
"""


def test_a_temporary_read_after_the_loop_keeps_the_breaking_steps_value():
    fixed = fixed_text(HEADS, COMPILE)
    assert "            y = head(x) if y is None else torch.where(stopped, y, head(x))\n" in fixed


@requires_torch
def test_first_confident_head_compiles_and_exports_with_eager_unchanged():
    # the inputs break at different heads (so the value kept is not always the last one's)
    import torch

    from .oracle import load_example

    module = load_example(HEADS)
    torch.manual_seed(0)  # as the oracle makes the model
    heads = module.Model().heads
    stops = set()
    for (x,) in module.inputs():
        stop = len(heads)
        for k, head in enumerate(heads):
            if (head(x) > -1.5).all():
                stop = k
                break
        stops.add(stop)
    assert len(stops) > 1, stops
    _assert_repaired(HEADS, fixed_text(HEADS, COMPILE), ("compile", "export"))


# -- PropertyNumberToTensor (TL102 / TL103): a learnable number read through a property ---------
SHARPENED = """\
import torch
from torch import nn


class Sharpen(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_gamma = nn.Parameter(torch.tensor(0.7))
        self.proj = nn.Linear(4, 4)

    @property
    def gamma(self) -> float:
        \"\"\"The sharpening exponent.\"\"\"
        return self.log_gamma.exp().item()

    def forward(self, x):
        g = self.gamma
        y = torch.pow(torch.sigmoid(self.proj(x)), g)
        return y / (y.sum(-1, keepdim=True) + 1e-6) * (2.0 - g)


Model = Sharpen


def inputs():
    torch.manual_seed(6)
    return [(torch.randn(3, 4),), (torch.randn(2, 4) * 4,)]
"""


def test_a_number_returned_by_a_property_stays_a_tensor():
    fixed = fixed_text(SHARPENED, COMPILE)
    assert fixed == SHARPENED.replace(
        "    def gamma(self) -> float:\n", "    def gamma(self) -> torch.Tensor:\n"
    ).replace(
        "        return self.log_gamma.exp().item()\n",
        "        return self.log_gamma.exp().detach().reshape(())\n",
    )
    assert fixed_text(SHARPENED, COMPILE, unsafe=False) == SHARPENED  # unsafe only


def test_properties_read_where_a_tensor_would_differ_are_left_alone():
    for old, new in [
        # a Python branch on the number
        (
            "        g = self.gamma\n",
            "        g = self.gamma\n        if g > 1:\n            x = -x\n",
        ),
        # read from outside the class: another object's reader would get a tensor
        ("Model = Sharpen\n", "Model = Sharpen\n\n\ndef show(m):\n    return m.gamma\n"),
        # a setter binds the name again
        (
            "    def forward(self, x):\n",
            "    @gamma.setter\n    def gamma(self, v):\n        pass\n\n    def forward(self, x):\n",
        ),
    ]:
        source = SHARPENED.replace(old, new)
        assert "return self.log_gamma.exp().item()" in fixed_text(source, COMPILE)


@requires_torch
def test_property_number_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(SHARPENED, fixed_text(SHARPENED, COMPILE), ("compile",))
