import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.qk = nn.Linear(dim, 2 * dim)

    def forward(self, x, pad_mask=None):
        q, k = self.qk(x).chunk(2, dim=-1)
        scores = q @ k.transpose(-1, -2)
        if pad_mask is not None and pad_mask.any():  # breaks: compile,export,trace
            scores = scores.masked_fill(pad_mask[:, None, :], float("-inf"))
        return F.softmax(scores, dim=-1)


def inputs():
    none = torch.zeros(2, 4, dtype=torch.bool)
    some = torch.tensor([[False, False, False, True], [False, False, True, True]])
    return [(torch.randn(2, 4, 8), none), (torch.randn(2, 4, 8), some)]
