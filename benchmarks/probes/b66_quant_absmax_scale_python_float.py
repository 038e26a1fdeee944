# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def dynamic_quantize(x: torch.Tensor, bits: int = 8):
    """Symmetric per-tensor dynamic quantisation with the scale kept as a Python float."""
    qmax = 2 ** (bits - 1) - 1
    scale = max(x.abs().max().item(), 1e-8) / qmax  # breaks: compile,export,trace
    q = torch.clamp(torch.round(x / scale), -qmax, qmax)
    return q, scale


class Model(nn.Module):
    """Linear layer on dynamically int8-quantised activations (dequantised after the matmul)."""

    def __init__(self, d: int = 4):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, scale = dynamic_quantize(x)
        return self.fc(q * scale)


def inputs():
    torch.manual_seed(6619)
    return [(torch.randn(3, 4),), (torch.randn(3, 4) * 10,)]
