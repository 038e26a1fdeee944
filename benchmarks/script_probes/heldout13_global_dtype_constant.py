# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn

COMPUTE_DTYPE = torch.float64


class StableSoftmax(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x.to(COMPUTE_DTYPE), dim=-1).to(x.dtype)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.sm = StableSoftmax()

    def forward(self, x):
        return self.sm(self.fc(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
