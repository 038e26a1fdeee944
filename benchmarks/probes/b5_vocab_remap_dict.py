import torch
from torch import nn


def remap_ids(tokens, table, unk: int = 0):
    ids = [table.get(int(t), unk) for t in tokens.flatten()]  # breaks: compile,export,trace
    return torch.tensor(ids, dtype=torch.long).view_as(tokens)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.table = {3: 1, 5: 2, 7: 3}
        self.emb = nn.Embedding(4, dim)

    def forward(self, tokens):
        return self.emb(remap_ids(tokens, self.table)).sum(1)


def inputs():
    return [
        (torch.tensor([[3, 5, 9], [7, 7, 3]]),),
        (torch.tensor([[5, 9, 9], [3, 1, 7]]),),
    ]
