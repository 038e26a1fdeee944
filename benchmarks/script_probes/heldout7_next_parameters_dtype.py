# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class ModuleUtilsMixin:
    def param_dtype(self) -> torch.dtype:
        return next(self.parameters()).dtype


class TimestepEmbed(nn.Module, ModuleUtilsMixin):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.dim = dim

    def forward(self, t: torch.Tensor) -> torch.Tensor:
        freqs = torch.arange(self.dim, dtype=torch.float32) / self.dim
        emb = torch.sin(t[:, None].float() * freqs[None])
        return self.fc(emb.to(self.param_dtype()))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = TimestepEmbed()

    def forward(self, t):
        return self.embed(t)


def inputs():
    return [(torch.tensor([1, 5]),), (torch.tensor([0, 2, 9]),)]
