# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RelPosBias(nn.Module):
    """Relative position bias whose index table is built on the first forward."""

    def __init__(self, max_len=16, heads=2):
        super().__init__()
        self.table = nn.Parameter(torch.randn(2 * max_len - 1, heads))
        self.max_len = max_len

    def forward(self, q, k):
        if not hasattr(self, "rel_index"):
            pos = torch.arange(self.max_len)
            self.rel_index = pos[None, :] - pos[:, None] + self.max_len - 1
        n = q.size(-2)
        bias = self.table[self.rel_index[:n, :n]].permute(2, 0, 1)
        return torch.softmax(q @ k.transpose(-1, -2) + bias, dim=-1)


Model = RelPosBias


def inputs():
    torch.manual_seed(4612)
    return [(torch.randn(1, 2, 5, 4), torch.randn(1, 2, 5, 4)), (torch.randn(2, 2, 7, 4), torch.randn(2, 2, 7, 4))]
