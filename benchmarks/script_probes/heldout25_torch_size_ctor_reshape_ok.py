# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TokensToMap(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Conv2d(dim, dim, 1)

    def forward(self, x, h: int, w: int):
        b, n, c = x.shape
        shape = torch.Size([b, h, w, c])
        x = x.reshape(shape).permute(0, 3, 1, 2)
        return self.proj(x)


Model = TokensToMap


def inputs():
    torch.manual_seed(2519)
    return [(torch.randn(2, 6, 4), 2, 3), (torch.randn(1, 16, 4), 4, 4)]
