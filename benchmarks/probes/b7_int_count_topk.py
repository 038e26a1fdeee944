import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x, keep):
        scores = self.score(x).squeeze(-1)
        k = int(keep.sum())  # breaks: compile,export,trace
        top = scores.topk(k, dim=-1).indices
        return x.gather(1, top[..., None].expand(-1, -1, x.size(-1)))


def inputs():
    return [
        (torch.randn(2, 6, 8), torch.tensor([1, 1, 0, 0, 0, 0])),
        (torch.randn(2, 6, 8), torch.tensor([1, 1, 1, 1, 0, 0])),
    ]
