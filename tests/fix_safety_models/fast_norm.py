"""timm's fast_norm: a TorchScript branch, then autocast code TorchScript cannot compile;
the norm layer's switch is a `torch.jit.Final` constant."""

from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn


def fast_layer_norm(
    x: torch.Tensor,
    normalized_shape: list[int],
    weight: Optional[torch.Tensor] = None,
    bias: Optional[torch.Tensor] = None,
    eps: float = 1e-5,
) -> torch.Tensor:
    if torch.jit.is_scripting():
        # TorchScript cannot read the autocast state
        return F.layer_norm(x, normalized_shape, weight, bias, eps)
    if torch.is_autocast_enabled(x.device.type):
        dt = torch.get_autocast_dtype(x.device.type)
        x = x.to(dt)
    with torch.amp.autocast(device_type=x.device.type, enabled=False):
        x = F.layer_norm(x, normalized_shape, weight, bias, eps)
    return x


class LayerNorm(nn.LayerNorm):
    _fast_norm: torch.jit.Final[bool]

    def __init__(self, num_features: int, eps: float = 1e-6):
        super().__init__(num_features, eps=eps)
        self._fast_norm = True

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self._fast_norm:
            x = fast_layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        else:
            x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.norm = LayerNorm(32)
        self.fc2 = nn.Linear(32, 4)

    def forward(self, x):
        return self.fc2(F.gelu(self.norm(self.fc1(x))))


def inputs():
    return [(torch.randn(2, 16),), (torch.randn(3, 16),)]
