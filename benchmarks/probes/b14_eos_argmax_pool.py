import torch
from torch import nn


class TextPooler(nn.Module):
    def __init__(self, vocab: int = 20, dim: int = 8, eos_id: int = 19):
        super().__init__()
        self.eos_id = eos_id
        self.embed = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, dim, bias=False)

    def forward(self, input_ids):
        hidden = torch.tanh(self.embed(input_ids))
        eos_pos = (input_ids == self.eos_id).int().argmax(dim=-1)
        pooled = hidden[torch.arange(hidden.shape[0], device=hidden.device), eos_pos]
        return self.proj(pooled)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pooler = TextPooler()

    def forward(self, input_ids):
        return self.pooler(input_ids)


def inputs():
    a = torch.tensor([[3, 4, 19, 0], [5, 19, 0, 0]])
    b = torch.tensor([[1, 2, 3, 4, 19], [6, 19, 0, 0, 0], [7, 8, 19, 0, 0]])
    return [(a,), (b,)]
