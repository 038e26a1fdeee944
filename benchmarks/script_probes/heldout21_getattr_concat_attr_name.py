# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor


class NormSelect(nn.Module):
    def __init__(self, dim: int = 8, norm_kind: str = "ln"):
        super().__init__()
        self.norm_kind = norm_kind
        self.norm_ln = nn.LayerNorm(dim)
        self.norm_rms = nn.Identity()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        norm = getattr(self, "norm_" + self.norm_kind)
        return self.fc(norm(x))


Model = NormSelect


def inputs():
    torch.manual_seed(2103)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
