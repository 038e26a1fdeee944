# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn
from torch import Tensor


class CausalConvBlock(nn.Module):
    """Temporal block with an optional fixed mask over output channels."""

    def __init__(self, channels: int = 4, use_mask: bool = True):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 3, padding=2)
        self._channel_mask: Optional[Tensor] = None
        if use_mask:
            self._channel_mask = torch.tensor([1.0, 0.0, 1.0, 1.0]).view(1, -1, 1)

    @property
    def channel_mask(self) -> Optional[Tensor]:
        return self._channel_mask

    def forward(self, x: Tensor) -> Tensor:
        y = self.conv(x)[..., : x.shape[-1]]
        mask = self.channel_mask
        if mask is not None:
            y = y * mask
        return torch.relu(y) + x


Model = CausalConvBlock


def inputs():
    torch.manual_seed(3708)
    return [(torch.randn(2, 4, 10),), (torch.randn(1, 4, 5),)]
