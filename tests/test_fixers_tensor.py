"""Tensor fixers (TL101 torch.where / torch.cond, TL103 .item(), TL107 masked sums, TL402 batched
loops): before/after text, what is left alone, idempotence, and torch's word that the fixed
code runs under the back-ends the finding named with the same outputs as the original code."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.registry import all_rules
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import GRAD_GUARD

CODES = ("TL101", "TL103", "TL107", "TL402")


def _fix(code: str, select: str, *, unsafe: bool = True):
    source = textwrap.dedent(code)
    outcome = fix_text("example.py", source, Settings(select=(select,)), unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, Settings(select=(select,)), unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome


def _findings_without_fix(code: str, select: str) -> int:
    """How many findings of ``select`` the code has, asserting none of them has a fix."""
    found = lint_text("example.py", textwrap.dedent(code), Settings(select=(select,))).diagnostics
    assert all(d.fix is None for d in found), [d.line for d in found if d.fix is not None]
    return len(found)


def _net(body: str, params: str = "x") -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Net(nn.Module):\n"
        f"    def forward(self, {params}):\n" + textwrap.indent(textwrap.dedent(body), " " * 8)
    )


# -- TL101 -------------------------------------------------------------------------------------
def test_tensor_branches_become_torch_where():
    before = _net(
        """\
        h = x * 3
        if (h.mean() > 1):
            h = h - 1
        if x.max() < 0:
            z = x
        else:
            z = 0.5
        w = x if (x.sum() > 0) else -x
        if w.max().item() > 100:
            w = w.clamp(max=100)
        mask = x > 0
        if not mask.any():
            return h + z + w
        return x * mask
        """
    )
    assert _fix(before, "TL101").text == _net(
        """\
        h = x * 3
        h = torch.where(h.mean() > 1, h - 1, h)
        z = torch.where(x.max() < 0, x, 0.5)
        w = torch.where(x.sum() > 0, x, -x)
        w = torch.where(w.max() > 100, w.clamp(max=100), w)
        mask = x > 0
        return torch.where(torch.logical_not(mask.any()), h + z + w, x * mask)
        """
    )
    assert _fix(before, "TL101", unsafe=False).text == before  # unsafe only


def test_tensor_branches_the_fixer_cannot_see_whole_are_left_alone():
    before = _net(
        """\
        if x.sum() > 0:  # what follows is not only assignments
            return x * 2
        if x.mean() > 0:
            y = x + 1
            y = y * 2
        else:
            y = x
        if x.max() > 3:
            return x.sum()
        elif x.min() < 0:
            x = x.mean()
        else:
            return x
        if x.std():
            return x
        # An in-place update cannot run unconditionally.
        if x[0, 0].item() > 1:
            x.add_(1)
        return x - 1
        """
    )
    assert _findings_without_fix(before, "TL101") == 6
    assert _fix(before, "TL101").text == before


def test_branches_calling_a_solver_that_raises_keep_their_if():
    # torch.where would run the solve on the singular matrices the other branch is there for.
    before = _net(
        """\
        if torch.linalg.matrix_rank(x) < x.shape[0]:
            y = torch.linalg.pinv(x)
        else:
            y = torch.linalg.inv(x)
        if torch.det(x).abs() > 1e-6:
            z = x.inverse()
        else:
            z = x
        return y + z
        """
    )
    assert _fix(before, "TL101").text == before


def test_a_branch_value_spanning_lines_keeps_its_parentheses():
    # bayesian-changepoint: `full = (\n a\n + b\n)` in the branch; its lines taken out of the
    # parentheses did not parse, and the fixer's error made the file fail to lint.
    before = _net(
        """\
        if x.sum() > 0:
            y = (
                x
                + 1
            )
        else:
            y = x
        return y
        """
    )
    fixed = _fix(before, "TL101").text  # parses, and fixing again changes nothing
    assert "if " not in fixed
    assert "y = torch.where(x.sum() > 0, (" in fixed


def test_a_fix_that_does_not_parse_is_no_fix_and_no_error(monkeypatch):
    import libcst as cst

    from torchlint.fixers.tensor_condition import TensorConditionToWhere

    def unparsable(self, diagnostic):
        return [(diagnostic.node, cst.parse_expression("x\n+ 1"))]

    monkeypatch.setattr(TensorConditionToWhere, "fix", unparsable)
    source = _net("if x.sum() > 0:\n    x = x + 1\nreturn x\n")
    result = lint_text("example.py", source, Settings(select=("TL101",)))
    assert not result.errors
    assert [d.fix for d in result.diagnostics] == [None]


COND = """\
import torch


def grow(x, h):
    return x * 2 + h


def shrink(x, h):
    return x.tanh() - h


def fn(x, h):
    if x.sum() > 0:
        return grow(x, h)
    return shrink(x, h)


fast_fn = torch.compile(fn)


def inputs():
    return [(torch.ones(2, 3), torch.randn(3)), (-torch.ones(4, 3), torch.randn(3))]
"""


def test_function_branches_become_torch_cond_where_trace_is_not_a_target():
    after = _fix(COND, "TL101").text
    assert after == COND.replace(
        "    if x.sum() > 0:\n        return grow(x, h)\n    return shrink(x, h)\n",
        "    return torch.cond(x.sum() > 0, grow, shrink, (x, h))\n",
    )
    # In a Model's forward the code may be traced, and torch.cond cannot be: torch.where it is.
    traced = """\
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 3)

        def grow(self, x):
            return self.fc(x) * 2

        def forward(self, x):
            if x.sum() > 0:
                return self.grow(x)
            return shrink(x)


    def shrink(x):
        return x - 1
    """
    after = _fix(traced, "TL101").text
    assert after == textwrap.dedent(traced).replace(
        "        if x.sum() > 0:\n            return self.grow(x)\n        return shrink(x)\n",
        "        return torch.where(x.sum() > 0, self.grow(x), shrink(x))\n",
    )


# -- TL103 -------------------------------------------------------------------------------------
def test_item_in_tensor_arithmetic_keeps_the_tensor_unsafely():
    before = _net(
        """\
        scale = x.abs().max().item()
        y = x / (scale + 1e-6)
        z = x - 2 * x.mean().item()
        n = x.sum().item()
        k = x.argmax().item()
        m = torch.amax(x).item()
        b = x[k] + torch.full((2,), n) * m
        return y + z + b, m
        """
    )
    after = _fix(before, "TL103").text
    # `n` fills a tensor and `k` indexes one (a one-element index, squeezed back): both stay
    # tensors too (fixers/scalar_to_tensor.py); `m` is also returned, so it stays a number.
    assert after == (
        before.replace("x.abs().max().item()", "x.abs().max().detach()")
        .replace("x.mean().item()", "x.mean().detach()")
        .replace("x.sum().item()", "x.sum().detach()")
        .replace("x.argmax().item()", "x.argmax().detach()")
        .replace("x[k]", "x[k.reshape(1)].squeeze(0)")
    )
    # Unsafe: `scale + 1e-6` runs in float32 instead of double, and dtypes can differ.
    assert _fix(before, "TL103", unsafe=False).text == before


# -- TL107 -------------------------------------------------------------------------------------
def test_masked_sums_become_where_sums():
    before = _net(
        """\
        pos = x > 0
        a = x[pos].sum()
        b = x[(x > 0) & ~torch.isnan(x)].sum()
        c = torch.masked_select(x, x > 0).sum()
        d = x.masked_select(labels > 0).sum()
        e = x[labels > 0].sum()
        f = x[x > 0].mean()
        return a + b + c + d + e + f
        """,
        params="x, labels",
    )
    after = _fix(before, "TL107").text
    assert after == (
        before.replace("x[pos].sum()", "torch.where(pos, x, 0).sum()")
        .replace(
            "x[(x > 0) & ~torch.isnan(x)].sum()",
            "torch.where((x > 0) & ~torch.isnan(x), x, 0).sum()",
        )
        .replace("torch.masked_select(x, x > 0).sum()", "torch.where(x > 0, x, 0).sum()")
        .replace("x.masked_select(labels > 0).sum()", "torch.where(labels > 0, x, 0).sum()")
        # A mean is the masked sum over the count.
        .replace("x[x > 0].mean()", "torch.where(x > 0, x, 0).sum() / (x > 0).sum()")
    )
    # ``labels > 0`` may select rows of x, not elements: x[labels > 0] stays.
    assert "x[labels > 0].sum()" in after
    assert _fix(before, "TL107", unsafe=False).text == before


# -- TL402 -------------------------------------------------------------------------------------
LOOPS = """\
import torch
import torch.nn.functional as F


def weighted(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    total = torch.zeros(x.size(1))
    for i in range(x.size(0)):
        total += x[i] * w
    return total


def squash(x: torch.Tensor) -> torch.Tensor:
    rows = []
    for row in x:
        rows.append(F.relu(row) * 2 - row.exp())
    return torch.stack(rows, dim=0)


def total(x: torch.Tensor):
    return sum(x[i] for i in range(len(x))) + sum(r.abs() for r in x)
"""


def test_row_loops_with_a_batched_form_become_one_op():
    after = _fix(LOOPS, "TL402").text
    assert after == (
        LOOPS.replace(
            "    for i in range(x.size(0)):\n        total += x[i] * w\n",
            "    total += (x * w).sum(0)\n",
        )
        .replace(
            "    rows = []\n    for row in x:\n        rows.append(F.relu(row) * 2 - row.exp())\n"
            "    return torch.stack(rows, dim=0)\n",
            "    rows = F.relu(x) * 2 - x.exp()\n    return rows\n",
        )
        .replace(
            "sum(x[i] for i in range(len(x))) + sum(r.abs() for r in x)",
            "x.sum(0) + x.abs().sum(0)",
        )
    )
    assert _fix(LOOPS, "TL402", unsafe=False).text == LOOPS


def test_row_loops_without_a_known_batched_form_are_left_alone():
    before = """\
    import torch


    def normalise(x: torch.Tensor) -> torch.Tensor:
        rows = []
        for row in x:
            rows.append(row / row.norm())  # a per-row reduction
        return torch.stack(rows)


    def against_all(x: torch.Tensor):
        acc = 0
        for i in range(x.shape[0]):
            acc += x[i] - x  # the whole tensor next to one row
        return acc


    def index_kept(x: torch.Tensor):
        acc = 0
        for i in range(x.shape[0]):
            acc += x[i] * i
        return acc, i


    def listed(x: torch.Tensor):
        rows = []
        for row in x:
            rows.append(row * 2)
        print(len(rows))
        return torch.stack(rows)
    """
    assert _findings_without_fix(before, "TL402") == 4
    assert _fix(before, "TL402").text == textwrap.dedent(before)


# -- torch: the fixed code runs where the finding said it failed, equal to the original ---------
def _rule(code: str):
    return next(rule for rule in all_rules() if rule.code == code)


TL101_ASSIGN = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x * 3
        if h.mean() > 1:
            h = h - 1
        if x.max() < 0:
            z = x.abs()
        else:
            z = x * 0.5
        if z.abs().max().item() > 0.5:
            z = z.clamp(-0.5, 0.5)
        return h + z


def inputs():
    return [(torch.ones(2, 3),), (-torch.ones(4, 3),), (torch.full((3, 3), 0.1),)]
"""

TL107_INDEX = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        keep = (x > -1) & ~torch.isnan(x)
        return x[keep].sum() + x[x > 0].sum()


def inputs():
    return [
        (torch.tensor([[1.0, float("nan"), -2.0]]),),
        (torch.tensor([[float("nan"), 3.0], [-1.0, 0.5]]),),
    ]
"""

TL402_MODEL = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.linspace(-1, 1, 3))

    def forward(self, x):
        total = torch.zeros(x.size(1))
        for i in range(x.size(0)):
            total += x[i] * self.w
        rows = []
        for row in x:
            rows.append(torch.sigmoid(row) * 2 - 1)
        return total, torch.stack(rows), sum(r.abs() for r in x)


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
"""


def _torch_cases():
    for code in CODES:
        for number, case in enumerate(_rule(code).INVALID):
            if case.runtime:
                yield pytest.param(code, case.source, case.backends, id=f"{code}-invalid-{number}")
    yield pytest.param("TL101", COND, None, id="TL101-cond")
    yield pytest.param("TL101", TL101_ASSIGN, None, id="TL101-assign")
    yield pytest.param("TL107", TL107_INDEX, None, id="TL107-index-nan")
    # TL402 findings name no back-end (performance): check the batched form compiles whole.
    yield pytest.param("TL402", TL402_MODEL, ("compile", "export"), id="TL402-model")


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("code", "source", "backends"), list(_torch_cases()))
def test_torch_runs_fixed_code_equal_to_the_original(code, source, backends):
    from .oracle import assert_eager_unchanged, check

    source = normalized(source)
    settings = Settings(select=(code,))
    fixed = fix_text("example.py", source, settings, unsafe=True)
    if not fixed.changed:
        pytest.skip(f"{code}: no fix applies to this example")
    if GRAD_GUARD in fixed.text and GRAD_GUARD not in source:
        pytest.skip(f"{code}: the fix repairs inference only")
    if backends is None:
        findings = lint_text("example.py", source, settings).diagnostics
        backends = sorted({t for d in findings if d.fix is not None for t in d.targets})
    # An input the example's check rejects is rejected the same way.
    assert_eager_unchanged(source, fixed.text, rejected=(AssertionError,))
    for backend in backends:
        verdict = check(fixed.text, backend)
        assert verdict.ok, f"{code} fix still fails on {verdict}:\n{fixed.text}"


# -- fix --verify: the original and the fixed code side by side, before writing -----------------
VERIFIED_MODEL = """\
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        y = self.fc(x)
        if y.sum() > 0:
            return {positive}
        return y - 1


def make_inputs():
    return [(torch.ones(2, 3),), (-torch.ones(4, 3),), (torch.randn(2, 3),)]
"""


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("positive", "equal"),
    [
        pytest.param("y * 2", True, id="equal-outputs-written"),
        # torch.where broadcasts the 0-d branch to y's shape: the outputs differ, nothing written.
        pytest.param("y.sum()", False, id="different-outputs-not-written"),
    ],
)
def test_fix_verify_writes_only_when_outputs_are_equal(tmp_path, monkeypatch, positive, equal):
    from .cli_helpers import run_cli, write

    path = write(tmp_path, "pkg/model.py", VERIFIED_MODEL.format(positive=positive))
    write(tmp_path, "pkg/__init__.py", "")
    monkeypatch.chdir(tmp_path)
    before = path.read_text()
    result = run_cli(
        [
            "fix", "pkg", "--isolated", "--select", "TL101", "--unsafe-fixes",
            "--verify", "pkg.model:Model", "--inputs", "pkg.model:make_inputs",
        ]
    )  # fmt: skip
    if equal:
        assert result.exit_code == 0, result.output
        assert "equal outputs on 3 input set(s)" in result.output
        assert "return torch.where(y.sum() > 0, y * 2, y - 1)" in path.read_text()
    else:
        assert result.exit_code == 2, result.output
        assert "the fixed code gives other outputs" in result.output
        assert "nothing written" in result.output
        assert path.read_text() == before
