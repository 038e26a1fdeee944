# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class TokenPool(nn.Module):
    def __init__(self, dim: int = 8, class_token: bool = True, reg_tokens: int = 2):
        super().__init__()
        self.has_class_token = class_token
        self.reg_tokens = reg_tokens
        self.prefix = nn.Parameter(torch.randn(1, int(class_token) + reg_tokens, dim) * 0.02)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = torch.cat([self.prefix.expand(x.shape[0], -1, -1), x], dim=1)
        x = self.norm(x)
        start = self.has_class_token + self.reg_tokens
        if self.has_class_token:
            return torch.cat([x[:, 0], x[:, start:].mean(1)], dim=-1)
        return x[:, start:].mean(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = TokenPool()
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.pool(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 5, 8),), (torch.randn(3, 7, 8),)]
