# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SegmentPooling(nn.Module):
    """Average node features per segment id, segments numbered 0..max."""

    def __init__(self, dim=6):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, feats, segment_ids):
        num_segments = int(segment_ids.max()) + 1
        assign = F.one_hot(segment_ids, num_segments).to(feats.dtype)
        summed = assign.t() @ self.lin(feats)
        counts = assign.sum(0).clamp(min=1).unsqueeze(-1)
        return summed / counts


Model = SegmentPooling


def inputs():
    torch.manual_seed(3607)
    return [
        (torch.randn(7, 6), torch.tensor([0, 0, 1, 1, 2, 2, 2])),
        (torch.randn(7, 6), torch.tensor([0, 1, 1, 2, 3, 4, 4])),
        (torch.randn(5, 6), torch.tensor([0, 0, 0, 1, 1])),
    ]
