# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def soft_targets(logits: torch.Tensor, temperature: float) -> torch.Tensor:
    return F.softmax(logits / temperature, dim=-1)


class DistillHead(nn.Module):
    """Student classifier that also returns the teacher-style softened distribution."""

    def __init__(self, dim: int = 8, classes: int = 5):
        super().__init__()
        self.proj = nn.Linear(dim, classes)

    def forward(self, h):
        logits = self.proj(h.mean(dim=1))
        return logits, soft_targets(logits, 2)


Model = DistillHead


def inputs():
    torch.manual_seed(2604)
    return [(torch.randn(2, 3, 8),), (torch.randn(4, 7, 8),)]
