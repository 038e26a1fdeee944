# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class EmbeddingNormalizer(nn.Module):
    def __init__(self, dim: int = 8, out_dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, out_dim)

    @torch.inference_mode()
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.normalize(self.proj(x), dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(5, 8), nn.ReLU())
        self.embed = EmbeddingNormalizer()

    def forward(self, x):
        return self.embed(self.backbone(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5),), (torch.randn(6, 5),)]
