# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def class_prototypes(emb: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    protos = []
    for c in labels.unique():  # breaks: compile,export,trace,script
        protos.append(emb[labels == c].mean(0))
    return torch.stack(protos)


class Model(nn.Module):
    """Prototypical network: query logits are negative distances to per-class support means."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 8), nn.ReLU(), nn.Linear(8, 8))

    def forward(self, support: torch.Tensor, labels: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        protos = class_prototypes(self.encoder(support), labels)
        return -torch.cdist(self.encoder(query), protos)


def inputs():
    torch.manual_seed(7012)
    return [
        (torch.randn(6, 6), torch.tensor([0, 0, 1, 1, 2, 2]), torch.randn(4, 6)),
        (torch.randn(6, 6), torch.tensor([0, 1, 1, 1, 0, 1]), torch.randn(4, 6)),
    ]
