# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ChunkedRetrievalScorer(nn.Module):
    """Two-tower retrieval: scores users against all items in as many chunks as intra-op threads."""

    def __init__(self, num_items: int = 40, d: int = 8):
        super().__init__()
        self.items = nn.Embedding(num_items, d)
        self.user = nn.Linear(d, d)

    def forward(self, u: Tensor) -> Tensor:
        q = self.user(u)
        n_chunks = max(1, torch.get_num_threads())
        scores = [c @ self.items.weight.T for c in q.chunk(n_chunks)]
        return torch.cat(scores, dim=0)


Model = ChunkedRetrievalScorer


def inputs():
    torch.manual_seed(5208)
    return [(torch.randn(8, 8),), (torch.randn(5, 8),)]
