# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def pool_by_doc(doc_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    """Max-P style merging of passage scores into one score per document (mean over passages)."""
    docs, inverse = torch.unique(doc_ids, return_inverse=True)  # breaks: compile
    total = scores.new_zeros(len(docs)).index_add_(0, inverse, scores)  # breaks: export,trace
    count = scores.new_zeros(len(docs)).index_add_(0, inverse, torch.ones_like(scores))  # breaks: trace
    return total / count


class Model(nn.Module):
    """Cross-encoder re-ranker over passages; passages of one document are merged."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(2 * d, d), nn.GELU(), nn.Linear(d, 1))

    def forward(self, query: torch.Tensor, passages: torch.Tensor, doc_ids: torch.Tensor):
        pair = torch.cat([query.expand_as(passages), passages], dim=-1)
        return pool_by_doc(doc_ids, self.enc(pair).squeeze(-1))


def inputs():
    torch.manual_seed(7405)
    q = torch.randn(1, 8)
    return [
        (q, torch.randn(6, 8), torch.tensor([3, 3, 5, 7, 7, 7])),
        (q, torch.randn(6, 8), torch.tensor([1, 2, 4, 5, 8, 9])),
    ]
