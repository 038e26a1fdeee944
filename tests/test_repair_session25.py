"""Session-25 repairs (issue #23; fixers/repair_session25.py), in spellings other than the blind
probes' (b67, b68): a 1-d pad to a reference length under a ``!=`` test, and chains of NumPy
arrays made from ``.numpy()`` (a 3-d ``unravel_index`` joined with ``concatenate``, percentiles
at an array of levels). Torch checks that the fixed text passes the back-ends the original
failed, with eager outputs unchanged, and that no back-end that passed now fails;
``fixed_text`` applies each fix twice (the second changes nothing). Each fixer has look-alikes
it leaves alone."""

from __future__ import annotations

from torchlint.lint.fixes import fix_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

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


# -- TL106: a pad whose amounts are all 0 where the test is false ------------------------------
CENTER_PAD = """\
import torch
from torch import nn
from torch.nn import functional as nnf


def match_size(y: torch.Tensor, ref: torch.Tensor) -> torch.Tensor:
    gap_h = ref.shape[-2] - y.shape[-2]
    gap = ref.shape[-1] - y.shape[-1]
    if gap != 0 or gap_h != 0:  # centre y on ref
        y = nnf.pad(y, (gap // 2, gap - gap // 2, 0, gap_h))
    return y


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose2d(2, 2, 2, stride=2)

    def forward(self, x: torch.Tensor, skip: torch.Tensor) -> torch.Tensor:
        return match_size(self.up(x), skip) + skip


Model = Decoder


def inputs():
    return [
        (torch.randn(1, 2, 3, 4), torch.randn(1, 2, 6, 8)),
        (torch.randn(1, 2, 3, 4), torch.randn(1, 2, 7, 9)),
    ]
"""


def test_pad_of_amounts_zero_when_the_test_is_false_runs_always_keeping_comments():
    assert_rewritten(
        CENTER_PAD,
        [
            (
                "    if gap != 0 or gap_h != 0:  # centre y on ref\n"
                "        y = nnf.pad(y, (gap // 2, gap - gap // 2, 0, gap_h))\n",
                "    y = nnf.pad(y, (gap // 2, gap - gap // 2, 0, gap_h))  # centre y on ref\n",
            )
        ],
        unsafe=True,
        settings=TRACE,
    )


def test_pad_whose_amounts_are_not_zero_when_the_test_is_false_is_not_made_unconditional():
    # `gap > 0` false leaves a negative gap, which pads negatively (crops): the test stays
    positive = CENTER_PAD.replace("if gap != 0 or", "if gap > 0 or")
    assert "if gap > 0 or gap_h != 0:" in fixed_text(positive, TRACE)
    # an amount that is not 0 then
    other = CENTER_PAD.replace("gap - gap // 2, 0,", "gap - gap // 2 + 1, 0,")
    assert "if gap != 0 or gap_h != 0:" in fixed_text(other, TRACE)
    # an amount reading a name the test does not make 0
    unknown = CENTER_PAD.replace("gap - gap // 2, 0, gap_h", "gap - gap // 2, 0, gap_h * ref.dim()")
    assert "if gap != 0 or gap_h != 0:" in fixed_text(unknown, TRACE)
    # the pad of another tensor than the one bound
    other_target = CENTER_PAD.replace("y = nnf.pad(y,", "z = nnf.pad(y,")
    assert "if gap != 0 or gap_h != 0:" in fixed_text(other_target, TRACE)


@requires_torch
def test_pad_always_traces_on_other_lengths_with_eager_unchanged():
    _assert_repaired(CENTER_PAD, fixed_text(CENTER_PAD, TRACE), ("trace",))


# -- TL306 / TL104: a chain of NumPy arrays made from a tensor ---------------------------------
VOXEL_PEAK = """\
import numpy
import torch
from torch import nn


class VoxelPeak(nn.Module):
    def __init__(self):
        super().__init__()
        self.d, self.h, self.w = 2, 3, 4
        self.proj = nn.Linear(24, 24)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        best = self.proj(x).argmax(dim=1)
        zs, ys, xs = numpy.unravel_index(best.numpy(), (self.d, self.h, self.w))  # C order
        where = numpy.concatenate([zs, ys, xs])
        return torch.tensor(where, dtype=torch.float32) * 2


Model = VoxelPeak


def inputs():
    return [(torch.randn(3, 24),), (torch.randn(3, 24),)]
"""


def test_unravel_chain_is_computed_in_torch_keeping_comments():
    assert_rewritten(
        VOXEL_PEAK,
        [
            (
                "numpy.unravel_index(best.numpy(), (self.d, self.h, self.w))",
                "(best // (self.h * self.w), best // self.w % self.h, best % self.w)",
            ),
            (
                "where = numpy.concatenate([zs, ys, xs])",
                "where = torch.cat([zs, ys, xs])",
            ),
            (
                "torch.tensor(where, dtype=torch.float32) * 2",
                "where.to(torch.float32) * 2",
            ),
        ],
        unsafe=True,
        settings=COMPILE,
    )


def test_chain_read_outside_torch_or_with_other_arguments_is_left_alone():
    # a name of the chain read by something that wants an array
    printed = VOXEL_PEAK.replace(
        "        where = numpy.concatenate",
        "        print(len(zs))\n        where = numpy.concatenate",
    )
    assert "numpy.unravel_index" in fixed_text(printed, COMPILE)
    # Fortran order has no `//` spelling here
    fortran = VOXEL_PEAK.replace(
        "(self.d, self.h, self.w))", "(self.d, self.h, self.w), order='F')"
    )
    assert "numpy.unravel_index" in fixed_text(fortran, COMPILE)
    # axis=None flattens in NumPy
    flat = VOXEL_PEAK.replace("[zs, ys, xs])", "[zs, ys, xs], axis=None)")
    assert "numpy.unravel_index" in fixed_text(flat, COMPILE)
    # the index read once per coordinate must be read again with the same values
    called = VOXEL_PEAK.replace(
        "best.numpy(), (self.d", "self.proj(x).argmax(dim=1).numpy(), (self.d"
    )
    assert "numpy.unravel_index" in fixed_text(called, COMPILE)


@requires_torch
def test_unravel_chain_compiles_exports_and_traces_with_eager_unchanged():
    fixed = fixed_text(VOXEL_PEAK, COMPILE)
    _assert_repaired(VOXEL_PEAK, fixed, ("compile", "export", "trace"))


LEVEL_CUTS = """\
import numpy as np
import torch
from torch import nn


class LevelCuts(nn.Module):
    def forward(self, score: torch.Tensor) -> torch.Tensor:
        levels = np.linspace(20, 80, 3)
        cuts = np.percentile(score.detach().numpy(), levels)
        return torch.bucketize(score, torch.from_numpy(cuts).to(score.dtype))


Model = LevelCuts


def inputs():
    return [(torch.randn(12),), (torch.randn(12) * 2 - 1,)]
"""


def test_percentiles_at_an_array_of_levels_are_float64_quantiles():
    assert_rewritten(
        LEVEL_CUTS,
        [
            ("np.linspace(20, 80, 3)", "torch.linspace(20, 80, 3, dtype=torch.float64)"),
            (
                "np.percentile(score.detach().numpy(), levels)",
                "torch.quantile(score.detach().double(), (levels) / 100)",
            ),
            ("torch.from_numpy(cuts).to(score.dtype)", "cuts.to(score.dtype)"),
        ],
        unsafe=True,
        settings=EXPORT,
    )


@requires_torch
def test_percentile_chain_exports_and_traces_with_eager_unchanged():
    fixed = fixed_text(LEVEL_CUTS, EXPORT)
    _assert_repaired(LEVEL_CUTS, fixed, ("export", "trace"))


# -- TL102 / TL353: a number kept a tensor through a helper -------------------------------------
SNR_SCALE = """\
import math

import torch
from torch import nn


def snr(level: float) -> float:
    return math.exp(-level / 4.0) + 1.0


class Denoise(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x: torch.Tensor, level: torch.Tensor) -> torch.Tensor:
        lv = float(level)  # the noise level
        gain = snr(min(lv, 6.0))
        return self.lin(x) * math.sqrt(gain) + snr(lv + 1) * x


Model = Denoise


def inputs():
    return [
        (torch.randn(2, 3), torch.tensor(1.5)),
        (torch.randn(2, 3), torch.tensor(9.0)),
    ]
"""


def test_number_through_a_helper_stays_a_double_tensor_keeping_comments():
    assert_rewritten(
        SNR_SCALE,
        [
            ("def snr(level: float) -> float:", "def snr(level: torch.Tensor) -> torch.Tensor:"),
            ("return math.exp(-level / 4.0)", "return torch.exp(-level / 4.0)"),
            (
                "lv = float(level)  # the noise level",
                "lv = level.detach().reshape(()).double()  # the noise level",
            ),
            ("gain = snr(min(lv, 6.0))", "gain = snr(lv.clamp(max=6.0))"),
            ("* math.sqrt(gain)", "* torch.sqrt(gain)"),
        ],
        unsafe=True,
        settings=EXPORT,
    )


def test_helper_called_with_a_float_elsewhere_or_branching_is_left_alone():
    # another call of the helper passes a Python float, which torch.exp would refuse
    elsewhere = SNR_SCALE.replace(
        "Model = Denoise\n",
        "def base_gain() -> float:\n    return snr(0.5)\n\n\nModel = Denoise\n",
    )
    assert "lv = float(level)" in fixed_text(elsewhere, EXPORT)
    # the helper tests the number in Python
    branching = SNR_SCALE.replace(
        "    return math.exp(-level / 4.0) + 1.0\n",
        "    if level > 8:\n        return 1.0\n    return math.exp(-level / 4.0) + 1.0\n",
    )
    assert "lv = float(level)" in fixed_text(branching, EXPORT)
    # the helper is read as a value
    stored = SNR_SCALE.replace(
        "        self.lin = nn.Linear(3, 3)\n",
        "        self.lin = nn.Linear(3, 3)\n        self.curve = snr\n",
    )
    assert "lv = float(level)" in fixed_text(stored, EXPORT)


@requires_torch
def test_number_through_a_helper_compiles_exports_and_traces_with_eager_unchanged():
    fixed = fixed_text(SNR_SCALE, EXPORT)
    assert fixed == fixed_text(SNR_SCALE, COMPILE) == fixed_text(SNR_SCALE, TRACE)
    _assert_repaired(SNR_SCALE, fixed, ("compile", "export", "trace"))


# -- TL102: int() of tensor data that must stay a Python int -----------------------------------
BIN_COUNTS = """\
import torch
from torch import nn


class BinCounts(nn.Module):
    def _bins(self, ids: torch.Tensor) -> int:
        return int(ids.amax()) + 1  # one bin per id

    def forward(self, ids: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        totals = torch.zeros(self._bins(ids), dtype=w.dtype)
        return totals.index_add(0, ids, w)


Model = BinCounts


def inputs():
    return [
        (torch.tensor([0, 3, 1, 3]), torch.randn(4)),
        (torch.tensor([5, 2, 2, 0]), torch.randn(4)),
    ]
"""


def test_int_of_data_returned_as_a_size_is_read_with_item():
    assert_rewritten(
        BIN_COUNTS,
        [("return int(ids.amax()) + 1", "return ids.amax().long().item() + 1")],
        unsafe=True,
        settings=EXPORT,
    )


def test_int_of_data_kept_a_tensor_elsewhere_or_not_for_export_is_not_read_with_item():
    # scaling a tensor: NumberToTensor keeps the value a tensor instead
    scaled = BIN_COUNTS.replace(
        "        return totals.index_add(0, ids, w)\n",
        "        return totals.index_add(0, ids, w) * int(w.argmax())\n",
    )
    fixed = fixed_text(scaled, EXPORT)
    assert "* w.argmax()" in fixed and "argmax().item()" not in fixed
    # a trace target: `.item()` bakes the number in as `int()` did (TL103), so the fix is
    # dropped there
    outcome = fix_text("example.py", BIN_COUNTS, TRACE, unsafe=True)
    assert "return int(ids.amax()) + 1" in outcome.text
    assert [d.code for d in outcome.dropped] == ["TL102"]


@requires_torch
def test_int_of_data_read_with_item_exports_with_eager_unchanged():
    _assert_repaired(BIN_COUNTS, fixed_text(BIN_COUNTS, EXPORT), ("export",))


# -- TL107: a loop's skip of an empty selection ---------------------------------------------------
TOP2_DISPATCH = """\
import torch
from torch import nn


class Top2Experts(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(4, 3)
        self.experts = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
        with torch.no_grad():  # expert 2 is never among the top two
            self.gate.weight.mul_(0.01)
            self.gate.bias.copy_(torch.tensor([3.0, 3.0, -3.0]))

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        weights, chosen = self.gate(h).softmax(-1).topk(2, dim=-1)
        final = torch.zeros_like(h)
        for k in range(3):
            rows, slots = torch.where(chosen == k)
            if rows.shape[0] == 0:
                continue  # no token for this expert
            picked = h[rows]
            final.index_add_(0, rows, self.experts[k](picked) * weights[rows, slots, None])
        return final


Model = Top2Experts


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(5, 4),), (torch.randn(5, 4) * 4,)]
"""


def test_skip_of_an_empty_selection_goes_keeping_its_comments():
    assert_rewritten(
        TOP2_DISPATCH,
        [
            (
                "            if rows.shape[0] == 0:\n"
                "                continue  # no token for this expert\n",
                "            # no token for this expert\n",
            )
        ],
        unsafe=True,
        settings=EXPORT,
    )


def test_skip_before_other_work_or_of_a_mask_is_left_alone():
    # the body also appends to a list: an empty selection would add an entry
    appended = TOP2_DISPATCH.replace(
        "            picked = h[rows]\n",
        "            picked = h[rows]\n            seen.append(k)\n",
    ).replace(
        "        final = torch.zeros_like(h)\n",
        "        final = torch.zeros_like(h)\n        seen = []\n",
    )
    assert "if rows.shape[0] == 0:" in fixed_text(appended, EXPORT)
    # a name of the body read after the loop: its last binding changes
    carried = TOP2_DISPATCH.replace(
        "        return final\n", "        return final + picked.sum()\n"
    )
    assert "if rows.shape[0] == 0:" in fixed_text(carried, EXPORT)
    # a write at other rows than the selection's
    other_rows = TOP2_DISPATCH.replace("final.index_add_(0, rows,", "final.index_add_(0, slots,")
    assert "if rows.shape[0] == 0:" in fixed_text(other_rows, EXPORT)
    # a boolean mask: its element count is not the number selected
    masked = TOP2_DISPATCH.replace(
        "            rows, slots = torch.where(chosen == k)\n            if rows.shape[0] == 0:\n",
        "            rows, slots = torch.where(chosen == k)\n"
        "            hit = chosen == k\n"
        "            if hit.numel() == 0:\n",
    )
    assert "if hit.numel() == 0:" in fixed_text(masked, EXPORT)


@requires_torch
def test_dropped_skip_exports_with_eager_unchanged_an_empty_expert_included():
    from .oracle import load_example

    module = load_example(TOP2_DISPATCH)
    model = module.Model()
    chosen = [model.gate(args[0]).topk(2, dim=-1).indices for args in module.inputs()]
    assert all(not (c == 2).any() for c in chosen), "expert 2 receives a token"
    _assert_repaired(TOP2_DISPATCH, fixed_text(TOP2_DISPATCH, EXPORT), ("export",))


ALIASED_ARRAYS = """\
import numpy as np
import torch
from torch import nn


class Aliased(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        arr = x.numpy()
        a = torch.as_tensor(np.exp(arr)) + torch.as_tensor(arr)
        far = x.numpy()
        x = x * 2
        b = torch.as_tensor(np.exp(far))
        twice = np.tanh(x.numpy())
        c = torch.as_tensor(twice) + torch.as_tensor(twice)
        return a + b + c


Model = Aliased


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(2, 4) * 3,)]
"""


def test_names_of_a_chain_read_twice_keep_their_names():
    # (NumpyToTorch inlines a name read once, right after its binding; the chain keeps the
    # names, so an array read twice, or bound before `x` is rebound, is the same tensor)
    assert_rewritten(
        ALIASED_ARRAYS,
        [
            ("arr = x.numpy()", "arr = x"),
            (
                "torch.as_tensor(np.exp(arr)) + torch.as_tensor(arr)",
                "torch.exp(arr) + arr",
            ),
            ("far = x.numpy()", "far = x"),
            ("torch.as_tensor(np.exp(far))", "torch.exp(far)"),
            ("twice = np.tanh(x.numpy())", "twice = torch.tanh(x)"),
            ("torch.as_tensor(twice) + torch.as_tensor(twice)", "twice + twice"),
        ],
        unsafe=True,
        settings=EXPORT,
    )


@requires_torch
def test_names_of_a_chain_read_twice_export_and_trace_with_eager_unchanged():
    fixed = fixed_text(ALIASED_ARRAYS, EXPORT)
    _assert_repaired(ALIASED_ARRAYS, fixed, ("export", "trace"))


WINDOW_LEVELS = """\
import numpy
import torch
from torch import nn


class Window(nn.Module):
    def __init__(self):
        super().__init__()
        self.levels = [0.05, 0.95]

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        low, high = numpy.quantile(img.detach().numpy(), self.levels)
        return -low + img * 2 / (high - low)


Model = Window


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(2, 8) * 5 + 1,)]
"""


def test_quantiles_at_held_levels_unpacked_into_tensor_arithmetic():
    assert_rewritten(
        WINDOW_LEVELS,
        [
            (
                "numpy.quantile(img.detach().numpy(), self.levels)",
                "torch.quantile(img.detach().double(), "
                "torch.tensor(self.levels, dtype=torch.float64)).unbind(0)",
            )
        ],
        unsafe=True,
        settings=EXPORT,
    )


def test_quantiles_at_a_display_of_levels_are_rewritten_too():
    display = WINDOW_LEVELS.replace("self.levels)", "[0.05, 0.95])")
    assert "torch.tensor([0.05, 0.95], dtype=torch.float64)" in fixed_text(display, EXPORT)
    # another quantile method has no torch spelling
    lower = WINDOW_LEVELS.replace("self.levels)", "self.levels, method='lower')")
    assert "numpy.quantile" in fixed_text(lower, EXPORT)


def test_quantile_scalars_read_outside_tensor_arithmetic_are_left_alone():
    printed = WINDOW_LEVELS.replace(
        "        return -low", "        print(high)\n        return -low"
    )
    assert "numpy.quantile" in fixed_text(printed, EXPORT)
    branched = WINDOW_LEVELS.replace(
        "        return -low",
        "        if high > low:\n            img = img * 2\n        return -low",
    )
    assert "numpy.quantile" in fixed_text(branched, EXPORT)


@requires_torch
def test_quantiles_at_held_levels_export_with_eager_unchanged():
    _assert_repaired(WINDOW_LEVELS, fixed_text(WINDOW_LEVELS, EXPORT), ("export",))
