# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Detection head with one objectness conv per pyramid level, stored in a ModuleDict under
    keys built with old-style %-formatting ("p%d") from the level number."""

    def __init__(self, c: int = 6, levels=(3, 4, 5)):
        super().__init__()
        self.levels = levels
        self.stem = nn.Conv2d(3, c, 3, padding=1)
        self.down = nn.Conv2d(c, c, 3, stride=2, padding=1)
        self.heads = nn.ModuleDict({"p%d" % l: nn.Conv2d(c, 1, 1) for l in levels})

    def forward(self, x: torch.Tensor):
        h = self.stem(x).relu()
        outs = []
        for l in self.levels:
            h = self.down(h).relu()
            outs.append(self.heads["p%d" % l](h).flatten(1))
        return torch.cat(outs, dim=1)


def inputs():
    torch.manual_seed(5906)
    return [(torch.randn(1, 3, 32, 32),), (torch.randn(2, 3, 24, 40),)]
