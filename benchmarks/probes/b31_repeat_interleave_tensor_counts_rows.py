import torch
from torch import nn


class SegmentBroadcast(nn.Module):
    """Broadcast one vector per segment back onto its frames."""

    def __init__(self, dim=6):
        super().__init__()
        self.seg_proj = nn.Linear(dim, dim)

    def forward(self, seg_feats, frames_per_seg):
        per_seg = self.seg_proj(seg_feats)
        per_frame = per_seg.repeat_interleave(frames_per_seg, dim=0)  # breaks: compile
        return per_frame.cumsum(0)


Model = SegmentBroadcast


def inputs():
    torch.manual_seed(37)
    return [
        (torch.randn(4, 6), torch.tensor([1, 3, 2, 2])),
        (torch.randn(4, 6), torch.tensor([2, 2, 1, 4])),
    ]
