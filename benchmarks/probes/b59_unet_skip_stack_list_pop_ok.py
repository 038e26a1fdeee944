# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Small U-Net: encoder outputs are pushed on a Python list used as a stack and popped in
    reverse order by the decoder."""

    def __init__(self, c: int = 4, depth: int = 2):
        super().__init__()
        self.downs = nn.ModuleList(nn.Conv2d(c if i else 1, c, 3, stride=2, padding=1) for i in range(depth))
        self.ups = nn.ModuleList(nn.ConvTranspose2d(c, c, 2, stride=2) for _ in range(depth))
        self.stem = nn.Conv2d(1, 1, 1)
        self.out = nn.Conv2d(c, 1, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        skips = []
        h = self.stem(x)
        for down in self.downs:
            skips.append(h)
            h = down(h).relu()
        for up in self.ups:
            skip = skips.pop()
            h = up(h).relu() + skip.mean(1, keepdim=True)
        return self.out(h)


def inputs():
    torch.manual_seed(5922)
    return [(torch.randn(1, 1, 16, 16),), (torch.randn(2, 1, 8, 12),)]
