# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Collator(nn.Module):
    """Turns per-sequence byte counts into an attention mask, one row per sequence."""

    def forward(self, lengths: torch.Tensor, max_len: int) -> torch.Tensor:
        rows = [torch.arange(max_len) < n for n in lengths.tolist()]  # breaks: compile,trace,script
        return torch.stack(rows)


class Model(nn.Module):
    """Byte-level classifier with masked attention pooling."""

    def __init__(self, dim: int = 10):
        super().__init__()
        self.emb = nn.Embedding(256, dim)
        self.collate = Collator()
        self.score = nn.Linear(dim, 1)
        self.out = nn.Linear(dim, 3)

    def forward(self, ids: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        x = self.emb(ids)
        mask = self.collate(lengths, ids.shape[1])
        logits = self.score(x).squeeze(-1).masked_fill(~mask, float("-inf"))
        pooled = (logits.softmax(-1).unsqueeze(-1) * x).sum(1)
        return self.out(pooled)


def inputs():
    torch.manual_seed(6904)
    return [
        (torch.randint(0, 256, (2, 7)), torch.tensor([7, 3])),
        (torch.randint(0, 256, (2, 7)), torch.tensor([2, 5])),
    ]
