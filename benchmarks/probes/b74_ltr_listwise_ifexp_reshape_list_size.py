# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Listwise ranker: the flat candidate batch is regrouped into lists of `list_size`; a batch
    that does not divide evenly is scored as a single list."""

    def __init__(self, d: int = 6, list_size: int = 4):
        super().__init__()
        self.list_size = list_size
        self.enc = nn.Linear(d, d)
        self.score = nn.Linear(d, 1)

    def forward(self, cands: torch.Tensor) -> torch.Tensor:
        n, d = cands.shape
        lists = n // self.list_size if n % self.list_size == 0 else 1  # breaks: trace
        grouped = self.enc(cands).reshape(lists, -1, d)
        ctx = grouped.mean(1, keepdim=True)
        return self.score(grouped - ctx).squeeze(-1).log_softmax(-1)


def inputs():
    torch.manual_seed(7403)
    return [(torch.randn(8, 6),), (torch.randn(10, 6),)]
