# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LabelPrototypeHead(nn.Module):
    """Few-shot head: per-label prototypes gathered in a dict keyed by int(label)."""

    def __init__(self, dim=6, n_classes=3):
        super().__init__()
        self.embed = nn.Linear(dim, dim)
        self.n_classes = n_classes

    def forward(self, support, labels, query):
        emb = self.embed(support)
        protos = {int(y): emb[labels == y].mean(0) for y in labels}
        table = torch.stack([protos.get(c, torch.zeros_like(emb[0])) for c in range(self.n_classes)])
        return -torch.cdist(self.embed(query), table)


Model = LabelPrototypeHead


def inputs():
    torch.manual_seed(4014)
    return [
        (torch.randn(6, 6), torch.tensor([0, 1, 2, 0, 1, 2]), torch.randn(4, 6)),
        (torch.randn(6, 6), torch.tensor([0, 0, 1, 1, 1, 0]), torch.randn(4, 6)),
    ]
