import functools
import torch
from torch import nn

NEG_INF = -1e9


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @passthrough
    def forward(self, x, lengths):
        scores = self.fc(x).sum(-1)
        pos = torch.arange(x.size(1), device=x.device)
        mask = pos[None, :] >= lengths[:, None]
        return scores.masked_fill(mask, NEG_INF).softmax(-1)


def inputs():
    return [
        (torch.randn(2, 5, 4), torch.tensor([3, 5])),
        (torch.randn(3, 4, 4), torch.tensor([1, 2, 4])),
    ]
