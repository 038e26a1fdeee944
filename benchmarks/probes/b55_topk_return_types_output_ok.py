# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RetrievalHead(nn.Module):
    """Retrieval: returns the torch.return_types.topk namedtuple (values, indices) of query-item scores as is."""

    def __init__(self):
        super().__init__()
        self.items = nn.Parameter(torch.randn(20, 8))
        self.query = nn.Linear(8, 8)

    def forward(self, x):
        scores = self.query(x) @ self.items.t()
        return scores.topk(3, dim=-1)


Model = RetrievalHead


def inputs():
    torch.manual_seed(5514)
    return [(torch.randn(4, 8),), (torch.randn(2, 8),)]
