# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, window=4):
        super().__init__()
        self.window = window
        self.mix = nn.Linear(4, 4)

    @staticmethod
    def pad_to(x: torch.Tensor, multiple: int, *, value: float = 0.0) -> torch.Tensor:
        rem = (-x.size(1)) % multiple
        return F.pad(x, (0, 0, 0, rem), value=value)

    def forward(self, x):
        x = self.pad_to(x, self.window, value=-1.0)
        b, n, c = x.shape
        return self.mix(x.view(b, n // self.window, self.window, c).mean(2))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 7, 4),), (torch.randn(1, 8, 4),)]
