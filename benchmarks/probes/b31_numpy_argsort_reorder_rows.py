import numpy as np
import torch
from torch import nn


class SortedSetEncoder(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.key = nn.Linear(dim, 1)
        self.proj = nn.Linear(dim, dim)

    def forward(self, items):
        score = self.key(items).squeeze(-1)
        order = np.argsort(score.detach().cpu().numpy(), axis=1)  # breaks: export,trace
        idx = torch.from_numpy(order).long()
        ordered = torch.gather(items, 1, idx.unsqueeze(-1).expand_as(items))
        rank_w = torch.arange(1, items.shape[1] + 1, dtype=items.dtype)
        return (self.proj(ordered) * rank_w[:, None]).sum(1)


Model = SortedSetEncoder


def inputs():
    torch.manual_seed(71)
    return [(torch.randn(2, 5, 6),), (torch.randn(2, 5, 6),)]
