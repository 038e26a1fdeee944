# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def kmax_pool(x: torch.Tensor, k: int) -> torch.Tensor:
    """k-max pooling over time, keeping the k largest activations in their original order."""
    idx = x.topk(k, dim=-1).indices.sort(dim=-1).values
    return x.gather(-1, idx)


class Model(nn.Module):
    """Text CNN (DCNN-style) with k-max pooling after each convolution width."""

    def __init__(self, vocab: int = 40, dim: int = 6, k: int = 3):
        super().__init__()
        self.k = k
        self.emb = nn.Embedding(vocab, dim)
        self.convs = nn.ModuleList([nn.Conv1d(dim, 4, w, padding=w // 2) for w in (3, 5)])
        self.fc = nn.Linear(2 * 4 * k, 2)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.emb(ids).transpose(1, 2)
        pooled = [kmax_pool(torch.relu(conv(x)), self.k).flatten(1) for conv in self.convs]
        return self.fc(torch.cat(pooled, -1))


def inputs():
    torch.manual_seed(7020)
    return [(torch.randint(0, 40, (2, 9)),), (torch.randint(0, 40, (3, 14)),)]
