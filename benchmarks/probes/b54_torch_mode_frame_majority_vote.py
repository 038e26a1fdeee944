# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ClipLabelVoter(nn.Module):
    """Video/audio tagging: per-frame argmax labels, the clip label is the most frequent one (torch.mode)."""

    def __init__(self, d: int = 6, n_cls: int = 4):
        super().__init__()
        self.frame_head = nn.Linear(d, n_cls)

    def forward(self, frames):
        labels = self.frame_head(frames).argmax(-1)
        clip_label, _ = torch.mode(labels, dim=1)
        return clip_label


Model = ClipLabelVoter


def inputs():
    torch.manual_seed(5411)
    return [(torch.randn(2, 9, 6),), (torch.randn(3, 5, 6),)]
