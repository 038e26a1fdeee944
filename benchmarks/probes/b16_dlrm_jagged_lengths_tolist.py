import torch
from torch import nn


class JaggedSumPool(nn.Module):
    """Pools a flat list of sparse ids per sample, given lengths per sample."""

    def __init__(self, num_embeddings: int, dim: int):
        super().__init__()
        self.table = nn.Embedding(num_embeddings, dim)

    def split_values(self, values, lengths):
        return torch.split(values, lengths.tolist())  # breaks: compile,trace

    def forward(self, values, lengths):
        pooled = [self.table(chunk).sum(0) for chunk in self.split_values(values, lengths)]
        return torch.stack(pooled)


class Model(nn.Module):
    def __init__(self, dense_in: int = 6, dim: int = 8):
        super().__init__()
        self.bottom = nn.Sequential(nn.Linear(dense_in, dim), nn.ReLU())
        self.sparse = JaggedSumPool(50, dim)
        self.top = nn.Linear(2 * dim, 1)

    def forward(self, dense, values, lengths):
        d = self.bottom(dense)
        s = self.sparse(values, lengths)
        return torch.sigmoid(self.top(torch.cat([d, s], dim=1)))


def inputs():
    torch.manual_seed(0)
    a = (torch.randn(3, 6), torch.randint(0, 50, (7,)), torch.tensor([2, 4, 1]))
    b = (torch.randn(3, 6), torch.randint(0, 50, (7,)), torch.tensor([3, 1, 3]))
    return [a, b]
