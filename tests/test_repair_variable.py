"""TL317 / TL209 repair of ``Variable(t)`` (fixers/variable_detach.py): the text, what is left
alone, and torch's word that the fixed model compiles with eager outputs and autograd state
unchanged."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

MODEL = normalized(
    """
    import numpy as np
    import torch
    from torch import nn
    from torch.autograd import Variable

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(9, 9)

        def forward(self, x):
            iden = Variable(torch.from_numpy(np.eye(3).flatten().astype(np.float32)))
            return self.fc(x) + iden.view(1, 9)

    def inputs():
        return [(torch.randn(2, 9),), (torch.randn(3, 9),)]
    """
)


def test_variable_becomes_detach_as_a_safe_fix():
    assert_rewritten(
        MODEL,
        [
            (
                "Variable(torch.from_numpy(np.eye(3).flatten().astype(np.float32)))",
                "torch.from_numpy(np.eye(3).flatten().astype(np.float32)).detach()",
            )
        ],
        unsafe=False,
        settings=Settings(),
    )


def test_requires_grad_and_legacy_arguments_are_left_alone():
    # `Variable(t, requires_grad=True)` would become `t.detach().requires_grad_(True)`, a new
    # leaf in forward that compile refuses while autograd is on (TL318): no fix.
    keyword = MODEL.replace("astype(np.float32)))", "astype(np.float32)), requires_grad=True)")
    assert "requires_grad=True)" in fixed_text(keyword, Settings(), unsafe=False)
    volatile = MODEL.replace("astype(np.float32)))", "astype(np.float32)), volatile=True)")
    assert "Variable(" in fixed_text(volatile, Settings(), unsafe=False)


@requires_torch
@pytest.mark.torch
def test_torch_compiles_the_fixed_model_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    fixed = fixed_text(MODEL, Settings(), unsafe=False)
    assert not check(MODEL, "compile").ok
    assert_eager_unchanged(MODEL, fixed)
    for backend in ("compile", "export", "trace"):
        verdict = check(fixed, backend)
        assert verdict.ok, f"{backend}: {verdict}\n{fixed}"


@requires_torch
def test_detach_is_what_variable_returns():
    import torch
    from torch.autograd import Variable

    for t in (torch.randn(3, requires_grad=True), torch.randn(3, requires_grad=True) * 2):
        old, new = Variable(t), t.detach()
        assert (old.requires_grad, old.grad_fn, old.data_ptr()) == (
            new.requires_grad,
            new.grad_fn,
            new.data_ptr(),
        )
        old = Variable(t.detach(), requires_grad=True)
        assert old.requires_grad and old.is_leaf
