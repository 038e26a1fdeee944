import torch
import torch.nn as nn
from dataclasses import dataclass


@dataclass(frozen=True)
class QConfig:
    scale: float = 0.05
    zero_point: int = 128
    dtype: torch.dtype = torch.quint8


def int8_roundtrip(x, cfg: QConfig):
    q = torch.quantize_per_tensor(x, cfg.scale, cfg.zero_point, cfg.dtype)
    return q.dequantize()  # breaks: compile


class SimQuantMLP(nn.Module):
    """Checks accuracy of an int8 deployment by simulating activations in int8."""

    def __init__(self, dims=(8, 16, 4), qcfg=QConfig()):
        super().__init__()
        self.qcfg = qcfg
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(int8_roundtrip(x, self.qcfg))
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x


Model = SimQuantMLP


def inputs():
    torch.manual_seed(23)
    return [(torch.randn(3, 8),), (torch.randn(5, 8) * 0.5,)]
