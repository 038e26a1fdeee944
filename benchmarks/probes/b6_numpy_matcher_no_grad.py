import numpy as np
import torch
from torch import nn


class GreedyMatcher(nn.Module):
    @torch.no_grad()
    def forward(self, cost):
        c = cost.cpu().numpy().copy()  # breaks: export,trace
        rows, cols = [], []
        for _ in range(min(c.shape)):
            r, k = np.unravel_index(np.argmin(c), c.shape)  # breaks: compile
            rows.append(r)
            cols.append(k)
            c[r, :] = np.inf
            c[:, k] = np.inf
        return torch.as_tensor(rows), torch.as_tensor(cols)


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.embed = nn.Linear(dim, dim)
        self.matcher = GreedyMatcher()

    def forward(self, preds, targets):
        cost = torch.cdist(self.embed(preds), targets)
        rows, cols = self.matcher(cost)
        return (self.embed(preds)[rows] - targets[cols]).abs().mean()


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(3, 4), torch.randn(3, 4)),
        (torch.randn(3, 4), torch.randn(3, 4)),
    ]
