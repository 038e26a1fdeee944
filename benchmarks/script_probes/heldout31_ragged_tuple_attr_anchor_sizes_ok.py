# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AnchorHead(nn.Module):
    """Detection head with a different number of anchor sizes on each pyramid level."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.sizes = ((16,), (32, 48), (64, 96, 128))
        self.cls = nn.Conv2d(channels, 3, 1)

    def forward(self, feats: Tensor) -> Tensor:
        scores = []
        for level, sizes in enumerate(self.sizes):
            x = feats if level == 0 else nn.functional.avg_pool2d(feats, level + 1, ceil_mode=True)
            logits = self.cls(x)[:, : len(sizes)]
            scale = torch.tensor(sizes, dtype=x.dtype).view(1, -1, 1, 1) / 128.0
            scores.append((logits * scale).flatten(1))
        return torch.cat(scores, dim=1)


Model = AnchorHead


def inputs():
    torch.manual_seed(3107)
    return [(torch.randn(2, 4, 8, 8),), (torch.randn(1, 4, 12, 4),)]
