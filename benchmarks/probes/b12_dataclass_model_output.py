from dataclasses import dataclass
from typing import Optional

import torch
from torch import Tensor, nn


@dataclass
class ClassifierOutput:
    logits: Tensor
    pooled: Tensor
    attentions: Optional[Tensor] = None


class Pooler(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dense = nn.Linear(dim, dim)

    def forward(self, hidden: Tensor) -> Tensor:
        return torch.tanh(self.dense(hidden[:, 0]))


class Model(nn.Module):
    def __init__(self, vocab: int = 30, dim: int = 8, labels: int = 2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layer = nn.TransformerEncoderLayer(dim, 2, 16, dropout=0.0, batch_first=True)
        self.pooler = Pooler(dim)
        self.head = nn.Linear(dim, labels)

    def forward(self, ids: Tensor) -> ClassifierOutput:
        hidden = self.layer(self.embed(ids))
        pooled = self.pooler(hidden)
        return ClassifierOutput(logits=self.head(pooled), pooled=pooled)  # breaks: export,trace


def inputs():
    torch.manual_seed(0)
    return [(torch.randint(0, 30, (2, 5)),), (torch.randint(0, 30, (3, 7)),)]
