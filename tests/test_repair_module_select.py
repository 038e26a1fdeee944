"""A submodule picked from a ModuleList by a tensor (TL102) -> every submodule run and the
stacked outputs selected with the tensor: the rewrite, what is left alone, and torch's word that
the fixed model passes compile, export and trace with eager outputs unchanged."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

BOUND_THEN_CALLED = textwrap.dedent(
    """
    import torch
    from torch import nn

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.heads = nn.ModuleList([nn.Linear(8, 3), nn.Linear(8, 3)])

        def forward(self, x):
            head = self.heads[int(x.mean() > 0)]
            return head(x)

    def inputs():
        torch.manual_seed(0)
        return [(torch.randn(4, 8) + 1,), (torch.randn(4, 8) - 1,), (torch.randn(2, 8) + 1,)]
    """
)


def test_bound_head_becomes_a_stacked_selection():
    fixed = fixed_text(BOUND_THEN_CALLED, Settings(select=("TL102",)))
    assert "head = " not in fixed
    assert (
        "torch.stack([module(x) for module in self.heads])"
        ".index_select(0, (x.mean() > 0).long().reshape(1)).squeeze(0)" in fixed
    )


def test_a_head_used_twice_is_left_alone():
    source = BOUND_THEN_CALLED.replace("return head(x)", "return head(x) + head(x * 2)")
    assert fixed_text(source, Settings(select=("TL102",))) == source


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("backend", ["compile", "export", "trace"])
def test_torch_accepts_the_fixed_model(backend):
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(BOUND_THEN_CALLED, Settings(select=("TL102",)))
    assert not check(BOUND_THEN_CALLED, backend).ok
    assert check(fixed, backend).ok
    assert_eager_unchanged(BOUND_THEN_CALLED, fixed)


def test_the_binding_comments_move_to_the_rewritten_statement():
    assert "        head = self.heads[int(x.mean() > 0)]\n" in BOUND_THEN_CALLED
    source = BOUND_THEN_CALLED.replace(
        "        head = self.heads[int(x.mean() > 0)]\n",
        "        # the sign picks the head\n        head = self.heads[int(x.mean() > 0)]  # routed\n",
    )
    fixed = fixed_text(source, Settings(select=("TL102",)))
    assert "        # the sign picks the head\n        return torch.stack(" in fixed
    assert fixed.count("  # routed\n") == 1
