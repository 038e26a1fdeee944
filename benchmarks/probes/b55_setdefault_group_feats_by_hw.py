# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SameSizeFusion(nn.Module):
    """Detection neck: feature maps are grouped by spatial size with dict.setdefault, each group summed."""

    def __init__(self):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(4, 6, 1) for _ in range(3)])
        self.out = nn.Conv2d(6, 6, 3, padding=1)

    def forward(self, a, b, c):
        groups = {}
        for conv, f in zip(self.lateral, (a, b, c)):
            groups.setdefault(tuple(f.shape[-2:]), []).append(conv(f))
        fused = [self.out(torch.stack(fs).sum(0)) for fs in groups.values()]
        return [f.mean(dim=(2, 3)) for f in fused]


Model = SameSizeFusion


def inputs():
    torch.manual_seed(5502)
    return [
        (torch.randn(2, 4, 16, 16), torch.randn(2, 4, 16, 16), torch.randn(2, 4, 8, 8)),
        (torch.randn(1, 4, 12, 12), torch.randn(1, 4, 6, 6), torch.randn(1, 4, 6, 6)),
    ]
