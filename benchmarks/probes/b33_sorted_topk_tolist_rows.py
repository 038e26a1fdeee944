import torch
import torch.nn as nn


class KeepTopRows(nn.Module):
    def __init__(self, dim=6, keep=3):
        super().__init__()
        self.keep = keep
        self.score = nn.Linear(dim, 1)
        self.out = nn.Linear(dim, dim)

    def forward(self, feats):
        s = self.score(feats).squeeze(-1)
        order = sorted(s.topk(self.keep).indices.tolist())  # breaks: compile,export,trace
        return self.out(feats[order])


Model = KeepTopRows


def inputs():
    torch.manual_seed(335)
    return [(torch.randn(8, 6),), (torch.randn(8, 6) * 2,), (torch.randn(10, 6),)]
