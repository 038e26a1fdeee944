import torch
from torch import nn


class SparseArch(nn.Module):
    """Pooled embedding lookup for multi-hot categorical features given as values + lengths."""

    def __init__(self, num_embeddings: int = 20, dim: int = 8, num_features: int = 2):
        super().__init__()
        self.bags = nn.ModuleList(
            nn.EmbeddingBag(num_embeddings, dim, mode="sum") for _ in range(num_features)
        )

    @staticmethod
    def offsets_from_lengths(lengths):
        offsets = [0]
        for n in lengths.tolist()[:-1]:  # breaks: compile,trace
            offsets.append(offsets[-1] + n)
        return torch.tensor(offsets, dtype=torch.long)

    def forward(self, values, lengths):
        pooled = []
        for f, bag in enumerate(self.bags):
            pooled.append(bag(values[f], self.offsets_from_lengths(lengths[f])))
        return torch.cat(pooled, dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.sparse = SparseArch()
        self.dense = nn.Linear(3, 8)
        self.top = nn.Sequential(nn.Linear(24, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, dense, values, lengths):
        return self.top(torch.cat([self.dense(dense), self.sparse(values, lengths)], dim=-1))


def inputs():
    return [
        (
            torch.randn(3, 3),
            torch.tensor([[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]),
            torch.tensor([[2, 2, 2], [1, 2, 3]]),
        ),
        (
            torch.randn(3, 3),
            torch.tensor([[3, 4, 5, 6, 7, 8], [2, 4, 6, 8, 10, 12]]),
            torch.tensor([[4, 1, 1], [3, 3, 0]]),
        ),
    ]
