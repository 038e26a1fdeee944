import torch
from torch import nn


class FeatureFusion(nn.Module):
    def __init__(self, dims=(4, 6, 8), out=8):
        super().__init__()
        self.projs = nn.ModuleList(nn.Linear(d, out) for d in dims)

    def forward(self, a, b, c):
        feats = [p(f) for p, f in zip(self.projs, (a, b, c))]
        if all(torch.isfinite(f).all() for f in feats):  # breaks: compile,export,trace
            return torch.stack(feats).sum(0)
        return torch.stack([torch.nan_to_num(f) for f in feats]).sum(0)


Model = FeatureFusion


def inputs():
    torch.manual_seed(19)
    b = torch.randn(2, 6)
    b[0, 1] = float("inf")
    return [
        (torch.randn(2, 4), torch.randn(2, 6), torch.randn(2, 8)),
        (torch.randn(2, 4), b, torch.randn(2, 8)),
        (torch.randn(5, 4), torch.randn(5, 6), torch.randn(5, 8)),
    ]
