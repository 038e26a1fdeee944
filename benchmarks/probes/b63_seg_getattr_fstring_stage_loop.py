# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Encoder whose stages are plain attributes stage1..stage3 (ported checkpoint names); the
    pooled output of every stage is concatenated."""

    def __init__(self, chans=(3, 8, 16, 32)):
        super().__init__()
        self.depth = len(chans) - 1
        for i in range(self.depth):
            setattr(self, f"stage{i + 1}", nn.Sequential(nn.Conv2d(chans[i], chans[i + 1], 3, 2, 1), nn.ReLU()))

    def forward(self, x: torch.Tensor):
        skips = []
        for i in range(self.depth):
            x = getattr(self, f"stage{i + 1}")(x)  # breaks: script
            skips.append(x)
        return torch.cat([s.mean((2, 3)) for s in skips], dim=1)


def inputs():
    torch.manual_seed(6304)
    return [(torch.randn(1, 3, 32, 32),), (torch.randn(2, 3, 24, 40),)]
