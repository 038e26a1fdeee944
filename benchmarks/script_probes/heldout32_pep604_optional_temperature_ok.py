# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ContrastiveLogits(nn.Module):
    """CLIP-style logits; a temperature passed in overrides the learned one."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.img = nn.Linear(dim, dim)
        self.txt = nn.Linear(dim, dim)
        self.logit_scale = nn.Parameter(torch.tensor(2.0))

    def scale(self, temperature: float | None = None) -> Tensor:
        if temperature is None:
            return self.logit_scale.exp()
        return torch.tensor(1.0 / temperature)

    def forward(self, a: Tensor, b: Tensor, temperature: float | None = None) -> Tensor:
        a = nn.functional.normalize(self.img(a), dim=-1)
        b = nn.functional.normalize(self.txt(b), dim=-1)
        return self.scale(temperature) * a @ b.t()


Model = ContrastiveLogits


def inputs():
    torch.manual_seed(3218)
    return [(torch.randn(3, 8), torch.randn(4, 8)), (torch.randn(2, 8), torch.randn(2, 8), 0.07)]
