# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class KeypointPeak(nn.Module):
    """Heatmap head: per-joint peak location as (row, col) via unravel_index."""

    def __init__(self, cin=4, joints=3):
        super().__init__()
        self.head = nn.Conv2d(cin, joints, 1)

    def forward(self, x):
        heat = self.head(x)
        flat_idx = heat.flatten(2).argmax(-1)
        rows, cols = torch.unravel_index(flat_idx, heat.shape[-2:])
        return torch.stack((cols, rows), dim=-1)


Model = KeypointPeak


def inputs():
    torch.manual_seed(4913)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 9),)]
