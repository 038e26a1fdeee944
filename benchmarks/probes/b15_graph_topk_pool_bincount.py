import math

import torch
from torch import Tensor, nn


def topk_per_graph(score: Tensor, ratio: float, batch: Tensor) -> Tensor:
    """SAGPool/TopKPooling node selection: keep ceil(ratio * n_i) best nodes of each graph."""
    counts = torch.bincount(batch)  # breaks: compile
    perm, start = [], 0
    for n in counts.tolist():  # breaks: compile,export,trace
        k = math.ceil(ratio * n)
        perm.append(score[start : start + n].topk(k).indices + start)
        start += n
    return torch.cat(perm)


class SAGPool(nn.Module):
    def __init__(self, channels: int, ratio: float = 0.5):
        super().__init__()
        self.ratio = ratio
        self.score = nn.Linear(channels, 1)

    def forward(self, x: Tensor, batch: Tensor):
        score = torch.tanh(self.score(x).squeeze(-1))
        perm = topk_per_graph(score, self.ratio, batch)
        return x[perm] * score[perm, None], batch[perm]


class Model(nn.Module):
    def __init__(self, channels: int = 6):
        super().__init__()
        self.lin = nn.Linear(channels, channels)
        self.pool = SAGPool(channels)

    def forward(self, x: Tensor, batch: Tensor):
        return self.pool(torch.relu(self.lin(x)), batch)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(7, 6), torch.tensor([0, 0, 0, 1, 1, 1, 1])),
        (torch.randn(7, 6), torch.tensor([0, 0, 0, 0, 0, 1, 1])),
    ]
