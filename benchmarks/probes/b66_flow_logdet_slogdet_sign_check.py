# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class InvConv(nn.Module):
    """Glow invertible 1x1 'convolution' on feature vectors; refuses a singular weight."""

    def __init__(self, c: int):
        super().__init__()
        w = torch.linalg.qr(torch.randn(c, c))[0]
        self.weight = nn.Parameter(w)

    def forward(self, x: torch.Tensor):
        sign, logabsdet = torch.linalg.slogdet(self.weight)
        if sign == 0:  # breaks: compile,export
            raise ValueError("weight is singular")
        return x @ self.weight.T, logabsdet.expand(x.shape[0])


class Model(nn.Module):
    def __init__(self, c: int = 3):
        super().__init__()
        self.inv = InvConv(c)

    def forward(self, x: torch.Tensor):
        return self.inv(x)


def inputs():
    torch.manual_seed(6614)
    return [(torch.randn(4, 3),), (torch.randn(2, 3),)]
