import torch
from torch import nn


def trim_to_longest(hidden, attention_mask):
    max_len = attention_mask.sum(dim=1).max().item()  # breaks: compile,trace
    return hidden[:, :max_len], attention_mask[:, :max_len]


class Model(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim, dim)

    def forward(self, input_ids, attention_mask):
        h = self.embed(input_ids)
        h, attention_mask = trim_to_longest(h, attention_mask)
        h = self.mix(h) * attention_mask.unsqueeze(-1)
        return h.mean(dim=1)


def inputs():
    ids = torch.tensor([[1, 2, 3, 0, 0], [4, 5, 0, 0, 0]])
    m1 = (ids > 0).long()
    m2 = torch.tensor([[1, 1, 1, 1, 0], [1, 1, 1, 0, 0]])
    return [(ids, m1), (ids, m2)]
