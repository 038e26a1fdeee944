# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Matrix-factorisation recommender whose user and item embeddings are kept inside the
    unit ball with nn.Embedding(max_norm=1.0): every lookup renormalises the rows it reads."""

    def __init__(self, n_users: int = 20, n_items: int = 30, d: int = 8):
        super().__init__()
        self.user = nn.Embedding(n_users, d, max_norm=1.0)
        self.item = nn.Embedding(n_items, d, max_norm=1.0)
        with torch.no_grad():
            self.user.weight.mul_(3.0)
            self.item.weight.mul_(3.0)
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, users: torch.Tensor, items: torch.Tensor) -> torch.Tensor:
        u = self.user(users)
        v = self.item(items)
        return (u * v).sum(-1) + self.bias


def inputs():
    torch.manual_seed(5907)
    return [
        (torch.randint(0, 20, (5,)), torch.randint(0, 30, (5,))),
        (torch.randint(0, 20, (8,)), torch.randint(0, 30, (8,))),
    ]
