"""TL101 fast paths that drop an optional mask on a test of its data (``if not m.any(): m =
None``) -> the general path: before/after text, what is left alone, and torch's word that the
fixed code passes every back-end with eager outputs unchanged."""

from __future__ import annotations

import pytest

from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch

SETTINGS = Settings(select=("TL101",))

PADDING = normalized(
    """
    import torch
    from torch import nn


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

        def forward(self, x, padding_mask):
            # nothing padded: take the fast path
            if padding_mask is not None and not padding_mask.any():
                padding_mask = None
            h, _ = self.attn(x, x, x, key_padding_mask=padding_mask, need_weights=False)
            return x + h


    def inputs():
        none_padded = torch.zeros(2, 5, dtype=torch.bool)
        some_padded = torch.tensor([[False] * 5, [False, False, False, True, True]])
        return [(torch.randn(2, 5, 8), none_padded), (torch.randn(2, 5, 8), some_padded)]
    """
)
FULL_LENGTH = normalized(
    """
    import torch
    import torch.nn.functional as F
    from torch import nn


    class Model(nn.Module):
        def forward(self, q, lengths):
            n = q.shape[2]
            if (lengths == n).all():
                attn_mask = None
            else:
                attn_mask = torch.arange(n)[None, :] < lengths[:, None]
                attn_mask = attn_mask[:, None, None, :]
            return F.scaled_dot_product_attention(q, q, q, attn_mask=attn_mask)


    def inputs():
        return [
            (torch.randn(2, 2, 4, 8), torch.tensor([4, 4])),
            (torch.randn(2, 2, 4, 8), torch.tensor([4, 2])),
        ]
    """
)


def _fix(code: str, unsafe: bool = True) -> str:
    outcome = fix_text("example.py", code, SETTINGS, unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    assert fix_text("example.py", outcome.text, SETTINGS, unsafe=unsafe).text == outcome.text
    return outcome.text


def test_fast_path_statement_goes_and_its_comments_stay():
    fixed = _fix(PADDING)
    assert "padding_mask.any()" not in fixed
    assert "# nothing padded: take the fast path" in fixed
    assert _fix(PADDING, unsafe=False) == PADDING


def test_fast_path_branch_with_else_keeps_the_general_branch():
    fixed = _fix(FULL_LENGTH)
    assert "(lengths == n).all()" not in fixed
    assert "        attn_mask = torch.arange(n)[None, :] < lengths[:, None]\n" in fixed


def test_a_name_read_otherwise_than_as_a_mask_keyword_is_left_alone():
    # `x * mask`: an all-False mask is not the same as no mask there.
    source = PADDING.replace(
        "return x + h", "return x + h if padding_mask is None else x * padding_mask[..., None]"
    )
    assert _fix(source) == source


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("source", [PADDING, FULL_LENGTH], ids=["padding", "full-length"])
def test_fixed_code_passes_every_backend_with_eager_unchanged(source):
    from .oracle import assert_eager_unchanged, check

    assert not check(source, "compile").ok, "nothing to repair"
    fixed = _fix(source)
    assert_eager_unchanged(source, fixed)
    for backend in ("compile", "export", "trace"):
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
