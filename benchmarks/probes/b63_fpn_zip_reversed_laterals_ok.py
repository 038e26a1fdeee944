# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """FPN top-down pass: zip over a ModuleList of lateral convs and the features, coarse first;
    the levels are flattened into one token axis for the head."""

    def __init__(self, chans=(8, 16, 32), out: int = 8):
        super().__init__()
        self.laterals = nn.ModuleList(nn.Conv2d(c, out, 1) for c in reversed(chans))

    def forward(self, c3: torch.Tensor, c4: torch.Tensor, c5: torch.Tensor) -> torch.Tensor:
        feats = (c5, c4, c3)
        outs = []
        prev = torch.zeros(1)
        for i, (lat, f) in enumerate(zip(self.laterals, feats)):
            cur = lat(f)
            if i > 0:
                cur = cur + F.interpolate(prev, size=cur.shape[-2:], mode="nearest")
            outs.append(cur)
            prev = cur
        return torch.cat([o.flatten(2) for o in outs], dim=2)


def inputs():
    torch.manual_seed(6329)
    return [
        (torch.randn(1, 8, 16, 16), torch.randn(1, 16, 8, 8), torch.randn(1, 32, 4, 4)),
        (torch.randn(2, 8, 12, 20), torch.randn(2, 16, 6, 10), torch.randn(2, 32, 3, 5)),
    ]
