# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class Pooler(nn.Module):
    def __init__(self, hidden_size: int):
        super().__init__()
        self.dense = nn.Linear(hidden_size, hidden_size)
        self.activation = nn.Tanh()

    def forward(self, hidden_states: torch.FloatTensor) -> torch.FloatTensor:
        first_token = hidden_states[:, 0]
        return self.activation(self.dense(first_token))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(20, 8)
        self.pooler = Pooler(8)

    def forward(self, input_ids: torch.LongTensor, attention_mask: Optional[torch.Tensor] = None):
        h = self.embed(input_ids)
        if attention_mask is not None:
            h = h * attention_mask[..., None]
        return self.pooler(h)


def inputs():
    return [(torch.tensor([[1, 2, 3]]), None), (torch.tensor([[4, 5], [6, 7]]), torch.ones(2, 2))]
