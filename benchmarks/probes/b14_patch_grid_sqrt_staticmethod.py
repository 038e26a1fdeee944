import torch
from torch import nn


class TokensToMap(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.conv = nn.Conv2d(dim, dim, 3, padding=1)

    @staticmethod
    def grid_size(num_tokens):
        side = int(num_tokens**0.5)  # breaks: trace
        return side, side

    def forward(self, tokens):
        b, n, c = tokens.shape
        h, w = self.grid_size(n)
        fmap = tokens.transpose(1, 2).reshape(b, c, h, w)
        return self.conv(fmap).flatten(2).transpose(1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = TokensToMap()

    def forward(self, x):
        cls_tok, patches = x[:, :1], x[:, 1:]
        return torch.cat([cls_tok, self.mix(patches)], dim=1)


def inputs():
    return [(torch.randn(2, 17, 8),), (torch.randn(2, 26, 8),)]
