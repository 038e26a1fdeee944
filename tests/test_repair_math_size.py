"""TL326 repair of ``math.comb`` / ``math.perm`` of a size (fixers/math_size_formula.py): the
text, parentheses where the formula sits in arithmetic, and torch's word that the fixed model
compiles with eager outputs unchanged."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

MODEL = normalized(
    """
    import math

    import torch
    from torch import nn

    class Model(nn.Module):
        def forward(self, fields):
            n = fields.size(1)
            pairs = math.comb(n, 2)
            rows, cols = torch.triu_indices(n, n, offset=1)
            inter = (fields[:, rows] * fields[:, cols]).sum(-1)
            return inter.reshape(-1, pairs) * 2 * math.perm(n, 2)

    def inputs():
        return [(torch.randn(2, 4, 3),), (torch.randn(2, 4, 3),), (torch.randn(2, 6, 3),)]
    """
)


def test_comb_and_perm_become_integer_formulas():
    assert_rewritten(
        MODEL,
        [
            ("math.comb(n, 2)", "n * (n - 1) // 2"),
            ("2 * math.perm(n, 2)", "2 * (n * (n - 1))"),
            # TL105's safe fix of the pair unpacking (torch warns while tracing it).
            ("torch.triu_indices(n, n, offset=1)", "torch.triu_indices(n, n, offset=1).unbind(0)"),
        ],
        unsafe=False,
        settings=Settings(),
    )


@pytest.mark.parametrize("n", range(0, 9))
def test_the_formulas_are_the_counts(n):
    import math

    assert math.comb(n, 2) == n * (n - 1) // 2 and math.perm(n, 2) == n * (n - 1)


@requires_torch
@pytest.mark.torch
def test_torch_compiles_the_fixed_model_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(MODEL, Settings(), unsafe=False)
    assert not check(MODEL, "compile").ok
    assert_eager_unchanged(MODEL, fixed)
    for backend in ("compile", "export", "trace"):
        if check(MODEL, backend).ok or backend == "compile":
            verdict = check(fixed, backend)
            assert verdict.ok, f"{backend}: {verdict}\n{fixed}"
