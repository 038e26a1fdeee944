"""TL101 repairs of Python control flow on tensor data (fixers/tensor_condition.py,
fixers/tensor_assert.py): before/after text for each shape, idempotence, what is left alone,
and torch's word that compile (fullgraph, no graph break), export and trace accept the fixed
code with eager outputs unchanged."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

HEAD = """\
import math
from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.block = nn.Sequential(nn.Linear(4, 4), nn.Tanh())

    def forward(self, {params}):
"""


def _model(body: str, params: str = "x", inputs: str = "") -> str:
    text = HEAD.format(params=params) + textwrap.indent(textwrap.dedent(body), " " * 8)
    if inputs:
        text += f"\n\ndef inputs():\n    return {inputs}\n"
    return normalized(text)


def _fix(source: str, *, unsafe: bool = True) -> str:
    return fixed_text(source, Settings(select=("TL101",)), unsafe=unsafe)


def _unfixed(source: str) -> list:
    """The TL101 findings of ``source``, asserting none of them has a fix."""
    found = lint_text("example.py", source, Settings(select=("TL101",))).diagnostics
    assert all(d.fix is None for d in found), [d.line for d in found if d.fix is not None]
    return found


def _rewritten(body: str, after: str, params: str = "x") -> None:
    before = _model(body, params)
    assert _fix(before) == _model(after, params)
    assert _fix(before, unsafe=False) == before  # every repair here is unsafe


# -- shapes: the rewrite, and torch on it ------------------------------------------------------
SHAPES = [
    pytest.param(
        """\
        if not keep.any():  # nothing kept
            return x
        y = self.lin(x)
        y = y * keep[:, None]
        return y + x
        """,
        """\
        y = self.lin(x)
        y = y * keep[:, None]
        return torch.where(torch.logical_not(keep.any()), x, y + x)  # nothing kept
        """,
        "x, keep",
        "[(torch.randn(3, 4), torch.tensor([False, False, False])), "
        "(torch.randn(3, 4), torch.tensor([True, False, True]))]",
        ("compile", "export", "trace"),
        id="early-return",
    ),
    # The rest rebinds x, which the condition and the early value read: both are kept first.
    # A flag input: its truth for a tensor and for a Python bool alike.
    pytest.param(
        """\
        h = self.lin(x)
        if use_gate:
            h = h * torch.sigmoid(x)
        return h
        """,
        """\
        h = self.lin(x)
        h = torch.where(torch.as_tensor(use_gate).to(torch.bool), h * torch.sigmoid(x), h)
        return h
        """,
        "x, use_gate",
        "[(torch.randn(2, 4), torch.tensor(False)), (torch.randn(2, 4), torch.tensor(True))]",
        ("compile", "export", "trace"),
        id="input-flag",
    ),
    # A truth value read only in tests is bound to the boolean tensor instead.
    pytest.param(
        """\
        has_nan = bool(torch.isnan(x).any())
        if has_nan:
            x = torch.nan_to_num(x, nan=0.0)
        return self.lin(x)
        """,
        """\
        has_nan = torch.isnan(x).any()
        x = torch.where(has_nan, torch.nan_to_num(x, nan=0.0), x)
        return self.lin(x)
        """,
        "x",
        "[(torch.randn(3, 4),), (torch.tensor([[1.0, float('nan'), 0.0, 2.0]]),)]",
        ("compile", "export", "trace"),
        id="truth-name",
    ),
    pytest.param(
        """\
        if x.sum() > 0:
            return x
        x = x * 2
        return x + 1
        """,
        """\
        cond = x.sum() > 0
        early = x
        x = x * 2
        return torch.where(cond, early, x + 1)
        """,
        "x",
        "[(torch.ones(2, 4),), (-torch.ones(2, 4),)]",
        ("compile", "export", "trace"),
        id="early-return-rebinding",
    ),
    pytest.param(
        """\
        s = x.mean()
        if s > 0.5:
            scale = x * 2
        elif s < -0.5:
            scale = x.neg()
        else:
            scale = x + 1
        if x.max() > 2:
            return x / 2, scale.sum()
        elif x.min() < -2:
            return x + 2, scale.mean()
        return x, scale.max()
        """,
        """\
        s = x.mean()
        scale = torch.where(s > 0.5, x * 2, torch.where(s < -0.5, x.neg(), x + 1))
        return torch.where(x.max() > 2, x / 2, torch.where(x.min() < -2, x + 2, x)), torch.where(x.max() > 2, scale.sum(), torch.where(x.min() < -2, scale.mean(), scale.max()))
        """,
        "x",
        "[(torch.full((2, 4), 3.0),), (torch.full((2, 4), -3.0),), (torch.zeros(2, 4),)]",
        ("compile", "export", "trace"),
        id="elif",
    ),
    # Each `cond` is read only by the lines right after it, so two fixes may both use it.
    pytest.param(
        """\
        h = self.lin(x)
        offset = x.mean(-1, keepdim=True)
        if h.mean() > 0:
            h = h * 2
            offset += 1
        if x.std() > 1:
            lo = x.min()
            hi = x.max()
        else:
            lo = torch.zeros(())
            hi = torch.ones(())
        return (h + offset - lo) / (hi - lo + 1e-6)
        """,
        """\
        h = self.lin(x)
        offset = x.mean(-1, keepdim=True)
        cond = h.mean() > 0
        h = torch.where(cond, h * 2, h)
        offset = torch.where(cond, offset + 1, offset)
        cond = x.std() > 1
        lo = torch.where(cond, x.min(), torch.zeros(()))
        hi = torch.where(cond, x.max(), torch.ones(()))
        return (h + offset - lo) / (hi - lo + 1e-6)
        """,
        "x",
        "[(torch.rand(2, 4) + 1,), (-torch.rand(2, 4) * 0.1,), (torch.randn(2, 4) * 3,)]",
        ("compile", "export", "trace"),
        id="several-names",
    ),
    pytest.param(
        """\
        top = x.abs().amax().item()
        if top > 4:
            x = x / top
        if bool((x > 0).all()):
            x = x.log()
        h = self.block(x)
        if (h.sum() > 0).item():
            h = h - h.mean()
        return h
        """,
        """\
        top = x.abs().amax()
        x = torch.where(top > 4, x / top, x)
        x = torch.where((x > 0).all(), x.log(), x)
        h = self.block(x)
        h = torch.where(h.sum() > 0, h - h.mean(), h)
        return h
        """,
        "x",
        "[(torch.rand(2, 4) + 0.5,), (torch.rand(2, 4) * 10 - 5,)]",
        ("compile", "export", "trace"),
        id="item-bool-submodule",
    ),
    # `mask is not None` must still be tested first: the tensor test moves inside.
    pytest.param(
        """\
        if mask is not None and mask.any():  # padded rows
            x = x.masked_fill(mask, 0.0)
        return x
        """,
        """\
        if mask is not None:  # padded rows
            x = torch.where(mask.any(), x.masked_fill(mask, 0.0), x)
        return x
        """,
        "x, mask: Optional[torch.Tensor] = None",
        "[(torch.randn(2, 4), torch.zeros(2, 4, dtype=torch.bool)), "
        "(torch.randn(2, 4), torch.rand(2, 4) > 0.5)]",
        ("compile", "export", "trace"),
        id="python-guard",
    ),
    pytest.param(
        """\
        err = F.l1_loss(self.lin(x), target)
        if torch.isnan(err):  # a NaN loss would poison training
            # start again
            err = torch.zeros_like(err)
        return err
        """,
        """\
        err = F.l1_loss(self.lin(x), target)
        # start again
        err = torch.where(torch.isnan(err), torch.zeros_like(err), err)  # a NaN loss would poison training
        return err
        """,
        "x, target",
        "[(torch.randn(3, 4), torch.randn(3, 4)), "
        "(torch.randn(3, 4), torch.full((3, 4), float('nan')))]",
        ("compile", "export", "trace"),
        id="nan-guard-comments",
    ),
    # Once the tensor test is false the names it reads stop changing, so it stays false.
    pytest.param(
        """\
        tries = 1
        while 5 >= tries and x.norm() > 2:  # shrink
            x = x * 0.5
            tries += 1
        return x
        """,
        """\
        for _ in range(5):  # shrink
            x = torch.where(x.norm() > 2, x * 0.5, x)
        return x
        """,
        "x",
        "[(torch.ones(2, 4),), (torch.full((2, 4), 3.0),), (torch.full((3, 4), 50.0),)]",
        ("compile", "export", "trace"),
        id="bounded-while",
    ),
    # Eager, script and trace run the original check (trace drops it before and after).
    pytest.param(
        """\
        assert (x >= 0).all(), "expected non-negative input"
        if torch.isinf(x).any():
            raise ValueError("infinite input")
        return x.sqrt()
        """,
        """\
        if torch.compiler.is_compiling():
            torch._assert_async((x >= 0).all(), "expected non-negative input")
        else:
            assert (x >= 0).all(), "expected non-negative input"
        if torch.compiler.is_compiling():
            torch._assert_async(torch.logical_not(torch.isinf(x).any()), "infinite input")
        elif torch.isinf(x).any():
            raise ValueError("infinite input")
        return x.sqrt()
        """,
        "x",
        "[(torch.rand(2, 4),), (-torch.rand(2, 4),), (torch.full((2, 4), float('inf')),)]",
        ("compile", "export", "script"),
        id="checks",
    ),
    pytest.param(
        """\
        norms = x.norm(dim=-1)
        if any(norms > 2.0):
            x = x / norms.max()
        return x
        """,
        """\
        norms = x.norm(dim=-1)
        x = torch.where((norms > 2.0).any(), x / norms.max(), x)
        return x
        """,
        "x",
        "[(torch.rand(2, 4) * 0.1,), (torch.rand(3, 4) + 2,)]",
        ("compile", "export", "trace"),
        id="any-of-tensor",
    ),
    pytest.param(
        """\
        if torch.is_nonzero((x < 0).all()):
            x = -x
        return x * 2
        """,
        """\
        x = torch.where((x < 0).all(), -x, x)
        return x * 2
        """,
        "x",
        "[(torch.randn(2, 4),), (-torch.rand(3, 4) - 0.1,)]",
        ("compile", "export", "trace"),
        id="is-nonzero",
    ),
    pytest.param(
        """\
        torch._assert(x.min() >= 0, "expected non-negative input")
        return x.sqrt()
        """,
        """\
        if torch.compiler.is_compiling():
            torch._assert_async(x.min() >= 0, "expected non-negative input")
        else:
            torch._assert(x.min() >= 0, "expected non-negative input")
        return x.sqrt()
        """,
        "x",
        "[(torch.rand(2, 4),), (torch.rand(3, 4) + 1,), (-torch.rand(2, 4),)]",
        ("compile", "export", "script"),
        id="torch-assert",
    ),
    # allclose is ATen's isclose(...).all() read as a bool: the tensor is asserted instead. A
    # message in parentheses goes on one line, its comment above the guard.
    pytest.param(
        """\
        y = self.lin(x)
        assert torch.allclose(y.softmax(-1).sum(-1), torch.ones_like(y[:, 0]), atol=1e-5)
        assert not y.allclose(x, rtol=0.0), (  # the layer is not the identity
            "identity layer"
        )
        return y
        """,
        """\
        y = self.lin(x)
        if torch.compiler.is_compiling():
            torch._assert_async(torch.isclose(y.softmax(-1).sum(-1), torch.ones_like(y[:, 0]), atol=1e-5).all())
        else:
            assert torch.allclose(y.softmax(-1).sum(-1), torch.ones_like(y[:, 0]), atol=1e-5)
        # the layer is not the identity
        if torch.compiler.is_compiling():
            torch._assert_async(torch.logical_not(torch.isclose(y, x, rtol=0.0).all()), "identity layer")
        else:
            assert not y.allclose(x, rtol=0.0), "identity layer"
        return y
        """,
        "x",
        "[(torch.randn(2, 4),), (torch.randn(3, 4),)]",
        ("compile", "export"),
        id="allclose-assert",
    ),
    # A branch that only reports: compile and export skip the test with its report.
    pytest.param(
        """\
        err = (self.lin(x) - x).pow(2).mean(1)
        if (err > 1.0).any():
            print("anomalous rows:", int((err > 1.0).sum()))
        return err
        """,
        """\
        err = (self.lin(x) - x).pow(2).mean(1)
        if not torch.compiler.is_compiling() and (err > 1.0).any():
            print("anomalous rows:", int((err > 1.0).sum()))
        return err
        """,
        "x",
        "[(torch.randn(2, 4) * 0.1,), (torch.randn(3, 4) * 4,)]",
        ("compile", "export"),
        id="reporting-branch",
    ),
    # A math test of a 0-d tensor: the same truth from torch's elementwise test.
    pytest.param(
        """\
        loss = (self.lin(x) - x).pow(2).mean()
        if math.isnan(loss):
            return torch.zeros(())
        return loss
        """,
        """\
        loss = (self.lin(x) - x).pow(2).mean()
        return torch.where(torch.isnan(loss), torch.zeros(()), loss)
        """,
        "x",
        "[(torch.randn(2, 4),), (torch.full((3, 4), float('nan')),)]",
        ("compile", "export", "trace"),
        id="math-isnan",
    ),
    # Python's min of two 0-d tensors compares them: torch.minimum takes the same value.
    pytest.param(
        """\
        cap = min(x.norm(), y.norm())
        return (x + y) / cap
        """,
        """\
        cap = torch.minimum(x.norm(), y.norm())
        return (x + y) / cap
        """,
        "x, y",
        "[(torch.randn(2, 4), torch.randn(2, 4) * 3), (torch.randn(2, 4) * 3, torch.randn(2, 4))]",
        ("trace",),
        id="min-of-two-reductions",
    ),
    # `.item()` of a submodule's output (any one-element shape) in a test, without `else`.
    pytest.param(
        """\
        g = self.lin(x).mean(0, keepdim=True)[:, :1]
        if g.item() > 0.1:
            x = x + self.block(x)
        return x
        """,
        """\
        g = self.lin(x).mean(0, keepdim=True)[:, :1]
        x = torch.where(g.reshape(()) > 0.1, x + self.block(x), x)
        return x
        """,
        "x",
        "[(torch.randn(3, 4),), (torch.randn(3, 4) * 4,), (-torch.randn(3, 4) * 4,)]",
        ("compile", "export", "trace"),
        id="item-of-submodule-output",
    ),
]


@pytest.mark.parametrize(("body", "after", "params", "inputs", "backends"), SHAPES)
def test_each_shape_is_rewritten_unsafely(body, after, params, inputs, backends):
    before = _model(body, params)
    assert _fix(before) == _model(after, params)
    assert _fix(before, unsafe=False) == before  # every repair here is unsafe


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("body", "after", "params", "inputs", "backends"), SHAPES)
def test_fixed_code_passes_the_backends_with_eager_unchanged(body, after, params, inputs, backends):
    from .oracle import assert_eager_unchanged, check

    source = _model(body, params, inputs)
    fixed = _fix(source)
    assert not all(check(source, backend).ok for backend in backends), "nothing to repair"
    # An input eager rejects is rejected as before.
    assert_eager_unchanged(source, fixed, rejected=(AssertionError, ValueError))
    for backend in backends:
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"


HELPER_TEST = normalized(
    """
    import torch
    from torch import nn


    def has_negative(t):
        return torch.any(t < 0)


    class Model(nn.Module):
        def forward(self, counts):
            if has_negative(counts):
                counts = counts - counts.min()
            return counts.sqrt()


    def inputs():
        return [(torch.tensor([1.0, 4.0]),), (torch.tensor([-1.0, 3.0]),)]
    """
)


def test_a_helper_returning_a_boolean_tensor_is_a_condition():
    fixed = _fix(HELPER_TEST)
    assert "counts = torch.where(has_negative(counts), counts - counts.min(), counts)" in fixed
    assert _fix(fixed) == fixed
    # A helper one of whose returns is not a boolean tensor is not.
    mixed = HELPER_TEST.replace("return torch.any(t < 0)", "return t.sum()")
    assert _fix(mixed) == mixed


@requires_torch
@pytest.mark.torch
def test_a_helper_condition_passes_the_backends_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    fixed = _fix(HELPER_TEST)
    assert not check(HELPER_TEST, "export").ok
    assert_eager_unchanged(HELPER_TEST, fixed)
    for backend in ("compile", "export", "trace"):
        assert check(fixed, backend).ok, backend


PROPERTY_TEST = normalized(
    """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.register_buffer("threshold", torch.tensor(0.5))

    @property
    def saturated(self):
        return self.fc.weight.abs().mean() > self.threshold

    def forward(self, x):
        h = self.fc(x)
        if self.saturated:
            h = h * 0.5
        return h


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""
)


def test_a_property_returning_a_boolean_tensor_is_a_condition():
    fixed = _fix(PROPERTY_TEST)
    assert "h = torch.where(self.saturated, h * 0.5, h)" in fixed
    assert _fix(fixed) == fixed


@requires_torch
@pytest.mark.torch
def test_a_property_condition_passes_the_backends_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    fixed = _fix(PROPERTY_TEST)
    assert not check(PROPERTY_TEST, "export").ok
    assert_eager_unchanged(PROPERTY_TEST, fixed)
    for backend in ("compile", "export", "trace"):
        assert check(fixed, backend).ok, backend


def test_different_names_in_each_branch_select_statement_by_statement():
    # `t` is a temporary of its branch: it is computed plainly.
    _rewritten(
        """\
        a = x * 2
        b = x - 1
        if x.sum() > 0:
            t = x.relu()
            a = a + t
        else:
            b *= 3
        return a + b
        """,
        """\
        a = x * 2
        b = x - 1
        cond = x.sum() > 0
        t = x.relu()
        a = torch.where(cond, a + t, a)
        b = torch.where(cond, b, b * 3)
        return a + b
        """,
    )


ITEM_BRANCHES = _model(
    """\
    top = x.abs().amax().item()
    if top > 4:
        x = x / top
    elif top < 0.5:
        x = x * 2
    return x
    """,
    inputs="[(torch.rand(2, 4),), (torch.rand(2, 4) * 10,), (torch.rand(2, 4) * 0.1,)]",
)
TRACE_ITEM = Settings(select=("TL103",), targets=("trace",), targets_explicit=True)


def test_item_feeding_a_branch_is_fixed_from_its_own_finding_under_trace():
    # Under --target trace only the `.item()` is reported (TL103): the same rewrite fixes it.
    fixed = fix_text("example.py", ITEM_BRANCHES, TRACE_ITEM, unsafe=True).text
    assert fixed == ITEM_BRANCHES.replace(
        """\
        top = x.abs().amax().item()
        if top > 4:
            x = x / top
        elif top < 0.5:
            x = x * 2
""",
        """\
        top = x.abs().amax()
        x = torch.where(top > 4, x / top, torch.where(top < 0.5, x * 2, x))
""",
    )
    assert fix_text("example.py", ITEM_BRANCHES, TRACE_ITEM, unsafe=False).text == ITEM_BRANCHES


def test_item_in_a_test_is_fixed_from_its_own_finding_under_trace():
    source = _model(
        """\
        if x.abs().max().item() > 5.0:
            x = x.clamp(-5.0, 5.0)
        return x
        """
    )
    assert fix_text("example.py", source, TRACE_ITEM, unsafe=True).text == _model(
        """\
        x = torch.where(x.abs().max() > 5.0, x.clamp(-5.0, 5.0), x)
        return x
        """
    )


def test_float_of_a_reduction_feeding_a_branch_is_fixed_from_its_own_finding():
    source = _model(
        """\
        scale = float(x.abs().max())
        if scale > 1:
            x = x / scale
        return x
        """
    )
    settings = Settings(select=("TL102",), targets=("trace",), targets_explicit=True)
    assert fix_text("example.py", source, settings, unsafe=True).text == _model(
        """\
        scale = x.abs().max()
        x = torch.where(scale > 1, x / scale, x)
        return x
        """
    )


def test_bool_of_a_comparison_is_fixed_from_its_own_finding_under_trace():
    # Under --target trace only the conversion is reported (TL102): TL101's rewrite fixes it.
    source = _model(
        """\
        n = x.norm()
        if bool(n > 3.0):
            x = x * (3.0 / n)
        return x
        """,
        inputs="[(torch.randn(2, 4) * 0.1,), (torch.randn(2, 4) * 9,)]",
    )
    settings = Settings(select=("TL102",), targets=("trace",), targets_explicit=True)
    fixed = fix_text("example.py", source, settings, unsafe=True).text
    assert fixed == source.replace(
        "        if bool(n > 3.0):\n            x = x * (3.0 / n)\n",
        "        x = torch.where(n > 3.0, x * (3.0 / n), x)\n",
    )
    assert fix_text("example.py", fixed, settings, unsafe=True).text == fixed
    assert fix_text("example.py", source, settings, unsafe=False).text == source


@requires_torch
@pytest.mark.torch
def test_bool_of_a_comparison_traces_after_the_fix():
    from .oracle import assert_eager_unchanged, check

    source = _model(
        "n = x.norm()\nif bool(n > 3.0):\n    x = x * (3.0 / n)\nreturn x\n",
        inputs="[(torch.randn(2, 4) * 0.1,), (torch.randn(2, 4) * 9,)]",
    )
    settings = Settings(select=("TL102",), targets=("trace",), targets_explicit=True)
    fixed = fix_text("example.py", source, settings, unsafe=True).text
    assert not check(source, "trace").ok
    assert_eager_unchanged(source, fixed)
    assert check(fixed, "trace").ok, fixed


@requires_torch
@pytest.mark.torch
def test_item_branches_trace_after_the_fix():
    from .oracle import check

    fixed = fix_text("example.py", ITEM_BRANCHES, TRACE_ITEM, unsafe=True).text
    assert not check(ITEM_BRANCHES, "trace").ok
    assert check(fixed, "trace").ok, fixed


# -- left alone --------------------------------------------------------------------------------
def test_branches_whose_code_cannot_run_unconditionally_are_left_alone():
    source = _model(
        """\
        if x.sum() > 0:
            return x
        self.seen = x
        return x * 2
        """
    )
    assert len(_unfixed(source)) == 1  # an attribute write would happen on every call
    source = _model(
        """\
        if x.sum() > 0:
            return x
        y = x.add_(1)
        return y
        """
    )
    assert len(_unfixed(source)) == 1  # an in-place call
    source = _model(
        """\
        if x.sum() > 0:
            return x
        print(x)
        return x * 2
        """
    )
    assert len(_unfixed(source)) == 1  # not an assignment


def test_truth_values_used_outside_tests_are_left_alone():
    # `flag` is also returned: the number must stay a bool.
    source = _model(
        """\
        flag = bool(torch.isnan(x).any())
        if flag:
            x = x * 0
        return x, flag
        """
    )
    settings = Settings(select=("TL101", "TL102"))
    assert fix_text("example.py", source, settings, unsafe=True).text == source


def test_values_and_names_the_fixer_is_not_sure_of_are_left_alone():
    source = _model(
        """\
        n = x.sum().item()
        if n > 0:
            x = x * 2
        if x.mean() > 0:
            fresh = x * 3
        if x.std() > 1:
            a, b = x.chunk(2)
        else:
            a, b = x, x
        if x.max() > 1:
            return x.tolist()
        return x, int(n), fresh, a, b
        """
    )
    # `n` is also read as a Python int; `fresh` holds nothing before; `a, b = ...` assigns no
    # one name; `tolist()` is no tensor.
    assert len(_unfixed(source)) == 4


def test_checks_without_a_plain_message_are_left_alone():
    source = _model(
        """\
        assert (x >= 0).all(), f"negative in {x}"
        if torch.isinf(x).any():
            raise ValueError("infinite", x.shape)
        if torch.isnan(x).any():
            raise ValueError("nan")
        else:
            x = x * 2
        return x
        """
    )
    assert len(_unfixed(source)) == 3


def test_while_whose_counter_is_read_afterwards_is_left_alone():
    source = _model(
        """\
        steps = 0
        while x.abs().max() > 1 and steps < 8:
            x = x / 2
            steps += 1
        return x, steps
        """
    )
    assert len(_unfixed(source)) == 1


def test_loops_on_tensor_data_say_what_to_do_by_hand():
    source = _model(
        """\
        err = x.abs().max()
        halvings = 0
        while err > 1e-3:  # a Python count carried: no while_loop (repair_session30)
            x = x / 2
            err = x.abs().max()
            halvings += 1
        out = []
        for _ in range(4):
            x = x * 0.5
            out.append(x)
            if (x.abs() < 0.1).all():
                break
        return torch.stack(out)
        """
    )
    loop, exit_ = _unfixed(source)
    assert "no rewrite keeps the step count" in loop.message
    assert "torch._higher_order_ops.while_loop" in loop.message
    assert exit_.message.startswith("loop exit on tensor data")
    assert "pad them to the full length" in exit_.message
