# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AnchorGenerator(nn.Module):
    """Builds anchor widths/heights per location from aspect ratios written as a literal list."""

    def __init__(self, base_size: int = 8):
        super().__init__()
        self.base_size = base_size

    def ratios(self) -> Tensor:
        return torch.tensor([0.5, 1, 2])

    def forward(self, feat: Tensor) -> Tensor:
        r = self.ratios().to(feat.dtype)
        w = self.base_size / torch.sqrt(r)
        h = self.base_size * torch.sqrt(r)
        wh = torch.stack([w, h], dim=-1)
        n = feat.shape[-2] * feat.shape[-1]
        return wh.unsqueeze(0).expand(n, 3, 2).reshape(-1, 2)


Model = AnchorGenerator


def inputs():
    torch.manual_seed(3512)
    return [(torch.randn(1, 4, 2, 3),), (torch.randn(1, 4, 3, 3),)]
