# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class VisionTransformerPool(nn.Module):
    def __init__(self, dim: int = 8, num_prefix_tokens: int = 1, num_classes: int = 3):
        super().__init__()
        self.num_prefix_tokens = num_prefix_tokens
        self.cls_token = nn.Parameter(torch.randn(1, num_prefix_tokens, dim))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim * 2, num_classes)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        x = torch.cat([self.cls_token.expand(tokens.shape[0], -1, -1), tokens], dim=1)
        x = self.norm(x)
        prefix = slice(0, self.num_prefix_tokens)
        patches = slice(self.num_prefix_tokens, None)
        pooled = torch.cat([x[:, prefix].mean(1), x[:, patches].mean(1)], dim=-1)
        return self.head(pooled)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = VisionTransformerPool(num_prefix_tokens=2)

    def forward(self, tokens):
        return self.pool(tokens)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 8),), (torch.randn(3, 9, 8),)]
