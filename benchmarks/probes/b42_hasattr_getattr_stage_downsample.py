# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StagedConvNet(nn.Module):
    """Stages registered as stage{i}; only some stages get a down{i} module (looked up by name)."""

    def __init__(self, widths=(4, 6, 8)):
        super().__init__()
        self.num_stages = len(widths)
        c_prev = 3
        for i, c in enumerate(widths):
            setattr(self, f"stage{i}", nn.Sequential(nn.Conv2d(c_prev, c, 3, padding=1), nn.ReLU()))
            if i < len(widths) - 1:
                setattr(self, f"down{i}", nn.MaxPool2d(2))
            c_prev = c

    def forward(self, x):
        for i in range(self.num_stages):
            x = getattr(self, f"stage{i}")(x)
            if hasattr(self, f"down{i}"):
                x = getattr(self, f"down{i}")(x)
        return x.mean(dim=(-2, -1))


Model = StagedConvNet


def inputs():
    torch.manual_seed(4223)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 12, 8),), (torch.randn(1, 3, 4, 4),)]
