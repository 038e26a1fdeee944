# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class DualEncoderRetriever(nn.Module):
    """Retrieval: query and document share a tower; encode is marked @torch.jit.export so a
    serving stack can call it alone, and forward scores queries against documents."""

    def __init__(self, vocab: int = 30, d: int = 16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.proj = nn.Linear(d, d)

    @torch.jit.export
    def encode(self, ids: Tensor) -> Tensor:
        return F.normalize(self.proj(self.emb(ids).mean(dim=1)), dim=-1)

    def forward(self, query_ids: Tensor, doc_ids: Tensor) -> Tensor:
        return self.encode(query_ids) @ self.encode(doc_ids).t()


Model = DualEncoderRetriever


def inputs():
    torch.manual_seed(5709)
    return [
        (torch.randint(0, 30, (2, 5)), torch.randint(0, 30, (4, 7))),
        (torch.randint(0, 30, (3, 4)), torch.randint(0, 30, (6, 9))),
    ]
