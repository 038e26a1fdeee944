"""TL108's list of tensors (``torch.tensor([loss_a, loss_b])``) -> ``torch.stack([...]).detach()``:
the rewrite, what is left alone, and torch's word that export and trace pass afterwards with
eager's outputs (values, dtype, no gradient history) unchanged."""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch

SETTINGS = Settings(select=("TL108",))


def _model(line: str) -> str:
    return normalized(
        f"""
        import torch
        import torch.nn.functional as F
        from torch import nn


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.head = nn.Linear(6, 3)
                self.log_vars = nn.Parameter(torch.tensor([0.1, -0.2]))

            def forward(self, x, target):
                pred = self.head(x)
                reg = F.mse_loss(pred[:, :2], target[:, :2])
                cls = F.binary_cross_entropy_with_logits(pred[:, 2], target[:, 2])
                {line}
                return (torch.exp(-self.log_vars) * losses + self.log_vars).sum()


        def inputs():
            torch.manual_seed(0)
            return [(torch.randn(4, 6), torch.rand(4, 3)), (torch.randn(5, 6) * 2, torch.rand(5, 3))]
        """
    )


CASES = [
    (
        "losses = torch.tensor([reg, cls])",
        "losses = torch.stack([reg, cls]).detach()",
    ),
    (
        "losses = torch.as_tensor((reg, cls), dtype=torch.float64)",
        "losses = torch.stack((reg, cls)).to(dtype=torch.float64).detach()",
    ),
]


def _fixed(source: str) -> str:
    outcome = fix_text("example.py", source, SETTINGS, unsafe=True)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, SETTINGS, unsafe=True)
    assert again.text == outcome.text
    return outcome.text


@pytest.mark.parametrize(("line", "expected"), CASES)
def test_a_list_of_tensors_is_stacked_and_detached(line: str, expected: str) -> None:
    source = _model(line)
    assert _fixed(source) == source.replace(line, expected)
    # A one-element tensor of any rank is flattened by torch.tensor, kept by torch.stack.
    assert fix_text("example.py", source, SETTINGS, unsafe=False).text == source


@pytest.mark.parametrize(
    "line",
    [
        "losses = torch.tensor([reg, 0.5])",  # a Python number among them
        "losses = torch.tensor([[reg, cls], [cls, reg]])",  # nested
        "losses = torch.tensor([reg, cls], requires_grad=True)",
    ],
)
def test_other_lists_keep_the_finding_without_a_fix(line: str) -> None:
    source = _model(line)
    found = lint_text("example.py", source, SETTINGS).diagnostics
    assert [d.line for d in found] == [16]
    assert all(d.fix is None for d in found)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("line", "expected"), CASES)
def test_torch_repair_export_and_trace_with_eager_unchanged(line: str, expected: str) -> None:
    from .oracle import assert_eager_unchanged, check

    source = _model(line)
    fixed = _fixed(source)
    for want, got in assert_eager_unchanged(source, fixed):
        assert got.dtype == want.dtype
    for backend in ("export", "trace"):
        assert not check(source, backend).ok, f"{backend} passed before the fix"
        assert check(fixed, backend).ok, f"{backend} still fails:\n{fixed}"
    for backend in ("script", "fullgraph"):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}"
    # As torch.tensor's copy, the stacked losses carry no gradient history.
    namespace: dict = {}
    exec(
        "import torch\nreg = torch.tensor(1.0, requires_grad=True) * 2\n"
        "cls = torch.tensor(3.0, requires_grad=True) * 1\n"
        f"{expected.replace('losses = ', 'out = ')}\n",
        namespace,
    )
    assert not namespace["out"].requires_grad
