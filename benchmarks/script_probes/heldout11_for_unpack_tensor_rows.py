# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class SpanPool(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.out = nn.Linear(dim, dim)

    def forward(self, h: torch.Tensor, spans: torch.Tensor) -> torch.Tensor:
        pooled = []
        for start, end in spans:
            pooled.append(h[start : end + 1].mean(0))
        return self.out(torch.stack(pooled))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(6, 6)
        self.pool = SpanPool()

    def forward(self, h, spans):
        return self.pool(self.embed(h), spans)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(8, 6), torch.tensor([[0, 2], [3, 7]])),
        (torch.randn(5, 6), torch.tensor([[1, 1], [0, 4], [2, 3]])),
    ]
