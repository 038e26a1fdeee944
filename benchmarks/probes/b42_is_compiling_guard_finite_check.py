# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def _check_finite(t: torch.Tensor, name: str) -> None:
    if not torch.isfinite(t).all():
        raise FloatingPointError(f"{name} has non-finite values")


class CheckedProjection(nn.Module):
    """Eager-only sanity check on the input, skipped when torch.compile/export is tracing."""

    def __init__(self, d=5, out=7):
        super().__init__()
        self.proj = nn.Linear(d, out)

    def forward(self, x):
        if not torch.compiler.is_compiling():
            _check_finite(x, "input")
        return self.proj(x).softmax(-1)


Model = CheckedProjection


def inputs():
    torch.manual_seed(4211)
    return [(torch.randn(3, 5),), (torch.randn(2, 5),), (torch.randn(4, 5) * 3,)]
