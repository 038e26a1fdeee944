# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.overrides import handle_torch_function, has_torch_function_unary


def scaled_tanh(x: torch.Tensor, scale: float = 1.0) -> torch.Tensor:
    if has_torch_function_unary(x):
        return handle_torch_function(scaled_tanh, (x,), x, scale=scale)
    return scale * torch.tanh(x / scale)


class SoftClipMLP(nn.Module):
    """MLP with a functional-style soft clip written like torch.nn.functional ops."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return scaled_tanh(self.fc(x), 3.0)


Model = SoftClipMLP


def inputs():
    torch.manual_seed(2618)
    return [(torch.randn(2, 6),), (torch.randn(3, 5, 6),)]
