# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class KeypointHeatmapWriter(nn.Module):
    """Pose: predicted flat keypoint positions written into an empty heatmap with Tensor.put (accumulate)."""

    def __init__(self, hw: int = 64):
        super().__init__()
        self.loc = nn.Linear(10, 4)
        self.hw = hw

    def forward(self, x):
        idx = (torch.sigmoid(self.loc(x)) * (self.hw - 1)).long()
        vals = torch.ones_like(idx, dtype=x.dtype)
        heat = torch.zeros(x.shape[0], self.hw, dtype=x.dtype)
        offs = torch.arange(x.shape[0]).unsqueeze(1) * self.hw
        return heat.put(idx + offs, vals, accumulate=True)


Model = KeypointHeatmapWriter


def inputs():
    torch.manual_seed(5522)
    return [(torch.randn(3, 10),), (torch.randn(5, 10),)]
