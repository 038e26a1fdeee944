"""Session-30 export / trace repairs of helper-276 (issue #23, b72-b73): fixers/repair_session30b.py
and the chained comparison of TL101's ``torch.where`` fix (fixers/tensor_condition.py). Torch
checks that the fixed text passes the back-ends the original failed with eager outputs
unchanged, and that no back-end that passed now fails; ``fixed_text`` applies each fix twice
(the second changes nothing). Look-alikes are left alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

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


# -- TL101's torch.where of a chained comparison (fixers/tensor_condition.py) ----------------
GUIDE = """\
import torch
from torch import nn


class Guide(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = nn.Linear(6, 6)

    def forward(self, x, w):
        cond, uncond = self.eps(x), self.eps(-x)
        if 0.0 < w <= 1.0:
            return torch.lerp(uncond, cond, w)
        return 0.5 * (uncond + w * (cond - uncond))


Model = Guide


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(2, 6), torch.tensor(0.5)), (torch.randn(2, 6), torch.tensor(3.0))]
"""

GUIDED = GUIDE.replace(
    "        if 0.0 < w <= 1.0:\n"
    "            return torch.lerp(uncond, cond, w)\n"
    "        return 0.5 * (uncond + w * (cond - uncond))\n",
    "        return torch.where(torch.logical_and(0.0 < w, w <= 1.0), torch.lerp(uncond, cond, w), "
    "0.5 * (uncond + w * (cond - uncond)))\n",
)


def test_a_chained_comparison_becomes_logical_and_of_its_pieces():
    for settings in (EXPORT, TRACE):
        assert fixed_text(GUIDE, settings) == GUIDED


def test_a_chain_whose_middle_is_a_call_is_left_alone():
    # the middle operand would be computed twice
    source = GUIDE.replace("if 0.0 < w <= 1.0:", "if 0.0 < w.mean() <= 1.0:")
    assert "torch.where" not in fixed_text(source, EXPORT)
    # three pieces
    source = GUIDE.replace("if 0.0 < w <= 1.0:", "if 0.0 < w <= 1.0 < 2.0:")
    assert "torch.where(0.0 < w" not in fixed_text(source, EXPORT)


@requires_torch
def test_the_chained_comparison_exports_and_traces_with_eager_unchanged():
    _assert_repaired(GUIDE, fixed_text(GUIDE, EXPORT), ("export", "trace"))


# -- StoreInEitherBranchToWhere (TL101): one subscript stored in both branches ----------------
PICKER = """\
import torch
from torch import nn


class Picker(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"p": nn.Conv1d(3, 1, 3, padding=1), "s": nn.Conv1d(3, 1, 3, padding=1)})
        self.thresholds = [0.3, 0.5]

    def forward(self, wave):
        picks = {}
        for (phase, head), thr in zip(self.heads.items(), self.thresholds):
            prob = torch.sigmoid(head(wave)).squeeze(1)
            if prob.amax() > thr:
                picks[phase] = prob.argmax(-1)
            else:
                picks[phase] = torch.full((wave.shape[0],), -1, dtype=torch.long)
        return picks["p"], picks["s"]


Model = Picker


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(2, 3, 16) * 0.01,), (torch.randn(2, 3, 16) * 20,)]
"""

PICKED = PICKER.replace(
    "            if prob.amax() > thr:\n"
    "                picks[phase] = prob.argmax(-1)\n"
    "            else:\n"
    "                picks[phase] = torch.full((wave.shape[0],), -1, dtype=torch.long)\n",
    "            picks[phase] = torch.where(prob.amax() > thr, prob.argmax(-1), "
    "torch.full((wave.shape[0],), -1, dtype=torch.long))\n",
)


def test_a_store_in_either_branch_becomes_one_store_of_torch_where():
    for settings in (EXPORT, TRACE):
        assert fixed_text(PICKER, settings) == PICKED
    assert fixed_text(PICKER, EXPORT, unsafe=False) == PICKER  # unsafe only


def test_stores_the_rewrite_cannot_read_are_left_alone():
    for old, new in [
        # another key in the else branch
        ("                picks[phase] = torch.full(", "                picks[thr] = torch.full("),
        # a key computed by a call
        ("picks[phase] = prob.argmax(-1)", "picks[str(phase)] = prob.argmax(-1)"),
        # a Python number in one branch: the dict held a number there
        (
            "picks[phase] = torch.full((wave.shape[0],), -1, dtype=torch.long)",
            "picks[phase] = -1",
        ),
        # a second statement in a branch
        (
            "                picks[phase] = prob.argmax(-1)\n",
            "                picks[phase] = prob.argmax(-1)\n                thr = 0.0\n",
        ),
        # a value drawing random numbers: drawn where the branch would not run
        ("picks[phase] = prob.argmax(-1)", "picks[phase] = torch.randint(0, 16, (2,))"),
    ]:
        assert old in PICKER, old
        source = PICKER.replace(old, new)
        fixed = fixed_text(source, EXPORT)
        assert "torch.where(prob.amax() > thr" not in fixed, new


@requires_torch
def test_the_stored_selection_exports_and_traces_with_eager_unchanged():
    _assert_repaired(PICKER, fixed_text(PICKER, EXPORT), ("export", "trace"))


# -- NegatedBoolHelperTestToWhere (TL101 / TL102): if not self.helper(x) ----------------------
SPOTTER = """\
import torch
from torch import nn


class Spotter(nn.Module):
    def __init__(self, floor: float = 0.05):
        super().__init__()
        self.floor = floor
        self.clf = nn.Linear(8, 3)
        self.register_buffer("silence", torch.tensor([10.0, -10.0, -10.0]))

    @torch.no_grad()
    def _has_speech(self, mel: torch.Tensor) -> bool:
        energy = mel.pow(2).mean(1)
        return bool(energy.max() > self.floor)

    def forward(self, mel):
        if not self._has_speech(mel):
            return self.silence.expand(mel.shape[0], -1)
        return self.clf(mel)


Model = Spotter


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(2, 8) * 0.01,), (torch.randn(2, 8),)]
"""

SPOTTED = (
    SPOTTER.replace(
        "def _has_speech(self, mel: torch.Tensor) -> bool:",
        "def _has_speech(self, mel: torch.Tensor) -> torch.Tensor:",
    )
    .replace(
        "return bool(energy.max() > self.floor)",
        "return energy.max() > self.floor",
    )
    .replace(
        "        if not self._has_speech(mel):\n"
        "            return self.silence.expand(mel.shape[0], -1)\n"
        "        return self.clf(mel)\n",
        "        return torch.where(torch.logical_not(self._has_speech(mel)), "
        "self.silence.expand(mel.shape[0], -1), self.clf(mel))\n",
    )
)


def test_a_negated_bool_helper_test_becomes_logical_not_of_its_tensor():
    for settings in (EXPORT, TRACE):
        assert fixed_text(SPOTTER, settings) == SPOTTED
    assert fixed_text(SPOTTER, EXPORT, unsafe=False) == SPOTTER


def test_negated_helpers_the_rewrite_cannot_read_are_left_alone():
    for old, new in [
        # the helper is called elsewhere too: a caller may want a bool
        (
            "Model = Spotter\n",
            "Model = Spotter\nSPEECH = Spotter()._has_speech(torch.ones(1, 8))\n",
        ),
        # the helper returns a number, not the truth of a boolean tensor
        ("return bool(energy.max() > self.floor)", "return bool(energy.max())"),
    ]:
        assert old in SPOTTER, old
        source = SPOTTER.replace(old, new)
        assert "logical_not" not in fixed_text(source, EXPORT), new


@requires_torch
def test_the_negated_helper_exports_and_traces_with_eager_unchanged():
    _assert_repaired(SPOTTER, fixed_text(SPOTTER, EXPORT), ("export", "trace"))


# -- NumberTernaryToWhere (TL101): a ternary of two floats under a tensor test ----------------
CHURN = """\
import torch
from torch import nn


class Churn(nn.Module):
    def __init__(self, s_churn: float = 2.0, s_tmin: float = 0.5, s_tmax: float = 5.0):
        super().__init__()
        self.denoise = nn.Linear(6, 6)
        self.s_churn, self.s_tmin, self.s_tmax = s_churn, s_tmin, s_tmax

    def forward(self, x, sigmas, noise):
        n = sigmas.shape[0] - 1
        for i in range(n):
            sigma = sigmas[i]
            gamma = min(self.s_churn / n, 2**0.5 - 1) if self.s_tmin <= sigma <= self.s_tmax else 0.0
            sigma_hat = sigma * (gamma + 1)
            x = x + noise[i] * (sigma_hat**2 - sigma**2).sqrt()
            x = x + self.denoise(x) / sigma_hat * (sigmas[i + 1] - sigma_hat)
        return x


Model = Churn


def inputs():
    torch.manual_seed(30)
    noise = torch.randn(3, 2, 6)
    return [
        (torch.randn(2, 6), torch.tensor([8.0, 3.0, 1.0, 0.1]), noise),
        (torch.randn(2, 6), torch.tensor([9.0, 7.0, 6.0, 0.2]), noise),
    ]
"""

CHURNED = CHURN.replace(
    "gamma = min(self.s_churn / n, 2**0.5 - 1) if self.s_tmin <= sigma <= self.s_tmax else 0.0",
    "gamma = torch.where(torch.logical_and(self.s_tmin <= sigma, sigma <= self.s_tmax), "
    "min(self.s_churn / n, 2**0.5 - 1), 0.0)",
)


def test_a_ternary_of_two_floats_becomes_a_zero_dim_where():
    for settings in (EXPORT, TRACE):
        assert fixed_text(CHURN, settings) == CHURNED
    assert fixed_text(CHURN, EXPORT, unsafe=False) == CHURN


def test_ternaries_whose_numbers_or_uses_are_not_sure_are_left_alone():
    for old, new in [
        # ints: a 0-d int64 tensor meeting an int tensor promotes differently from a float
        ("min(self.s_churn / n, 2**0.5 - 1) if", "1 if"),
        ("else 0.0", "else 0"),
        # a negative base to a fractional power is complex
        ("2**0.5 - 1", "(-2) ** 0.5 - 1"),
        # the number goes into Python: round() of a tensor is a tensor
        ("sigma_hat = sigma * (gamma + 1)", "sigma_hat = sigma * round(gamma + 1)"),
        # a Python call of unknown value
        ("min(self.s_churn / n, 2**0.5 - 1)", "float(self.denoise)"),
    ]:
        assert old in CHURN, old
        source = CHURN.replace(old, new)
        assert "gamma = torch.where" not in fixed_text(source, EXPORT), new


@requires_torch
def test_the_zero_dim_where_exports_and_traces_with_eager_unchanged():
    _assert_repaired(CHURN, fixed_text(CHURN, EXPORT), ("export", "trace"))


# -- EmptySelectionSkipDroppedUnderTrace (TL106): a loop step skipped on an empty selection ----
EXPERTS = """\
import torch
from torch import nn


class Experts(nn.Module):
    def __init__(self, dim: int = 6, n_experts: int = 4):
        super().__init__()
        self.n_experts = n_experts
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(n_experts))

    def forward(self, tokens):
        weight, choice = tokens[:, : self.n_experts].softmax(-1).max(-1)
        out = torch.zeros_like(tokens)
        for e, expert in enumerate(self.experts):
            idx = (choice == e).nonzero(as_tuple=True)[0]
            if idx.numel() == 0:
                continue
            out[idx] = expert(tokens[idx]) * weight[idx, None]
        return out


Model = Experts


def inputs():
    # the first (traced) input routes two tokens to experts 0 and 3 each and none to 1 and 2:
    # a trace records `out[idx] = v` of a one-token selection as a view of constant shape
    torch.manual_seed(30)
    first = torch.randn(4, 6)
    first[:, :4] = torch.tensor([[5.0, 0, 0, 0], [4, 0, 1, 0], [0, 0, 0, 5], [1, 0, 0, 4]])
    return [(first,), (torch.randn(4, 6) * 3,), (torch.randn(4, 6),)]
"""

DISPATCHED = EXPERTS.replace("            if idx.numel() == 0:\n                continue\n", "")


def test_the_skip_of_an_empty_selection_goes_under_trace():
    assert fixed_text(EXPERTS, TRACE) == DISPATCHED
    assert fixed_text(EXPERTS, TRACE, unsafe=False) == EXPERTS


def test_skips_before_other_statements_stay_under_trace():
    for old, new in [
        # a Python side effect after the skip: it would run for an empty selection
        (
            "            out[idx] = expert(tokens[idx]) * weight[idx, None]\n",
            "            out[idx] = expert(tokens[idx]) * weight[idx, None]\n"
            "            print(e)\n",
        ),
        # a write at all rows, not only at the selected ones
        (
            "out[idx] = expert(tokens[idx]) * weight[idx, None]",
            "out = out + expert(tokens[idx]).sum()",
        ),
    ]:
        assert old in EXPERTS, old
        source = EXPERTS.replace(old, new)
        assert "if idx.numel() == 0:" in fixed_text(source, TRACE), new


@requires_torch
def test_the_dispatch_without_the_skip_traces_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(EXPERTS, TRACE)
    assert_eager_unchanged(EXPERTS, fixed)
    assert not check(EXPERTS, "trace").ok  # the trace skips experts 1 and 2 for every input
    assert check(fixed, "trace").ok


# -- FloatTestedTuplePickToWhere (TL101 / TL102): float(t) tested to pick tuples of values ----
KEYFRAME = """\
import torch
from torch import nn


class Keyframe(nn.Module):
    def __init__(self):
        super().__init__()
        self.flow = nn.Conv2d(6, 3, 3, padding=1)

    def forward(self, f0, f1, t):
        flow = torch.tanh(self.flow(torch.cat((f0, f1), 1)))
        t = float(t)
        if t < 0.5:
            near, far, w = f0, f1, t
        else:
            near, far, w = f1, f0, 1.0 - t
        return (1 - w) * (near + flow * w) + w * far


Model = Keyframe


def inputs():
    torch.manual_seed(30)
    return [
        (torch.rand(1, 3, 4, 4), torch.rand(1, 3, 4, 4), torch.tensor(0.25)),
        (torch.rand(1, 3, 4, 4), torch.rand(1, 3, 4, 4), torch.tensor(0.75)),
    ]
"""

PICKED_KEYFRAME = KEYFRAME.replace(
    "        t = float(t)\n"
    "        if t < 0.5:\n"
    "            near, far, w = f0, f1, t\n"
    "        else:\n"
    "            near, far, w = f1, f0, 1.0 - t\n",
    "        t = t.detach().double().reshape(())\n"
    "        near = torch.where(t < 0.5, f0, f1)\n"
    "        far = torch.where(t < 0.5, f1, f0)\n"
    "        w = torch.where(t < 0.5, t, 1.0 - t)\n",
)


def test_a_float_tested_to_pick_tuples_becomes_a_where_per_name():
    for settings in (EXPORT, TRACE):
        assert fixed_text(KEYFRAME, settings) == PICKED_KEYFRAME
    assert fixed_text(KEYFRAME, EXPORT, unsafe=False) == KEYFRAME


def test_picks_the_rewrite_cannot_read_are_left_alone():
    for old, new in [
        # the number is read after the if too
        ("+ w * far\n", "+ w * far + t\n"),
        # other names in the else branch
        ("near, far, w = f1, f0, 1.0 - t", "far, near, w = f1, f0, 1.0 - t"),
        # a picked number goes into a Python call
        ("(1 - w) * (near", "(1 - round(w, 2)) * (near"),
        # a Python number on both paths
        (
            "f0, f1, t\n        else:\n            near, far, w = f1, f0, 1.0 - t",
            "f0, f1, 0.5\n        else:\n            near, far, w = f1, f0, 0.25",
        ),
        # the test reads a call, not the number alone
        ("if t < 0.5:", "if abs(t) < 0.5:"),
    ]:
        assert old in KEYFRAME, old
        source = KEYFRAME.replace(old, new)
        assert "near = torch.where" not in fixed_text(source, EXPORT), new


@requires_torch
def test_the_picks_export_and_trace_with_eager_unchanged():
    _assert_repaired(KEYFRAME, fixed_text(KEYFRAME, EXPORT), ("export", "trace"))


# -- PadToMultipleAlways (TL106): pad to a whole number of hops under `if rem:` -------------
FRAMES = """\
import torch
import torch.nn.functional as F
from torch import nn


class Frames(nn.Module):
    def __init__(self, hop: int = 16):
        super().__init__()
        self.hop = hop
        self.score = nn.Linear(hop, 1)

    def forward(self, wav):
        n_hops, rem = wav.shape[-1] // self.hop, wav.shape[-1] % self.hop
        if rem:
            wav = F.pad(wav, (0, self.hop - rem))
            n_hops += 1
        frames = wav.reshape(wav.shape[0], n_hops, self.hop)
        return torch.sigmoid(self.score(frames)).squeeze(-1)


Model = Frames


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(2, 64),), (torch.randn(2, 70),), (torch.randn(2, 33),)]
"""

PADDED = FRAMES.replace(
    "        if rem:\n            wav = F.pad(wav, (0, self.hop - rem))\n            n_hops += 1\n",
    "        wav = F.pad(wav, (0, (self.hop - rem) % self.hop))\n        n_hops += rem != 0\n",
)


def test_a_pad_to_a_multiple_runs_always_with_the_amount_modulo_k():
    assert fixed_text(FRAMES, TRACE) == PADDED
    assert fixed_text(FRAMES, TRACE, unsafe=False) == FRAMES
    # through divmod (its own fix first) and without the count
    source = FRAMES.replace(
        "wav.shape[-1] // self.hop, wav.shape[-1] % self.hop",
        "divmod(wav.shape[-1], self.hop)",
    )
    assert "wav = F.pad(wav, (0, (self.hop - rem) % self.hop))" in fixed_text(source, TRACE)


def test_pads_the_rewrite_cannot_read_are_left_alone():
    for old, new in [
        # another amount than k - rem: a pad of k where rem == 0 would not be 0
        ("(0, self.hop - rem)", "(0, self.hop - rem + 1)"),
        # another divisor
        ("(0, self.hop - rem)", "(0, 2 * self.hop - rem)"),
        # an else branch
        (
            "            n_hops += 1\n",
            "            n_hops += 1\n        else:\n            wav = wav * 2\n",
        ),
        # another statement in the block
        ("            n_hops += 1\n", "            n_hops += 2\n"),
        # a test that is not `rem` / `rem != 0`
        ("        if rem:\n", "        if rem > 3:\n"),
    ]:
        assert old in FRAMES, old
        source = FRAMES.replace(old, new)
        assert "% self.hop))" not in fixed_text(source, TRACE), new


@requires_torch
def test_the_pad_always_traces_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(FRAMES, TRACE)
    assert_eager_unchanged(FRAMES, fixed)
    assert not check(FRAMES, "trace").ok
    assert check(fixed, "trace").ok
    for backend in ("compile", "export"):
        if check(FRAMES, backend).ok:
            assert check(fixed, backend).ok, backend
