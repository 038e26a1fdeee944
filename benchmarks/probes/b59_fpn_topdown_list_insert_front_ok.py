# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Feature pyramid top-down pathway: levels are merged from coarse to fine and every
    merged level is inserted at the front of the output list, so outputs stay fine-first;
    the flattened levels are concatenated for a dense head."""

    def __init__(self, c: int = 6):
        super().__init__()
        self.c1 = nn.Conv2d(3, c, 3, stride=2, padding=1)
        self.c2 = nn.Conv2d(c, c, 3, stride=2, padding=1)
        self.c3 = nn.Conv2d(c, c, 3, stride=2, padding=1)
        self.l1 = nn.Conv2d(c, c, 1)
        self.l2 = nn.Conv2d(c, c, 1)
        self.l3 = nn.Conv2d(c, c, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f1 = self.c1(x).relu()
        f2 = self.c2(f1).relu()
        f3 = self.c3(f2).relu()
        top = self.l3(f3)
        outs = [top]
        top = self.l2(f2) + F.interpolate(top, size=f2.shape[-2:], mode="nearest")
        outs.insert(0, top)
        top = self.l1(f1) + F.interpolate(top, size=f1.shape[-2:], mode="nearest")
        outs.insert(0, top)
        return torch.cat([o.flatten(2) for o in outs], dim=2)


def inputs():
    torch.manual_seed(5923)
    return [(torch.randn(1, 3, 32, 32),), (torch.randn(2, 3, 24, 40),)]
