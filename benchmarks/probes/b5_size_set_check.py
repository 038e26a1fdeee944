import torch
from torch import nn


def fuse(feats):
    widths = {f.shape[-1] for f in feats}
    if len(widths) > 1:
        feats = [nn.functional.adaptive_avg_pool1d(f, min(widths)) for f in feats]  # breaks: trace
    return torch.stack(feats).sum(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv1d(4, 4, 1)

    def forward(self, a, b):
        return self.proj(fuse([a, b]))


def inputs():
    return [
        (torch.randn(2, 4, 6), torch.randn(2, 4, 6)),
        (torch.randn(2, 4, 8), torch.randn(2, 4, 4)),
    ]
