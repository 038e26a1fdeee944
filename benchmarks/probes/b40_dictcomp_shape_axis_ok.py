# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class AxisPool(nn.Module):
    """Pools over named axes looked up in a dict comprehension built from the input's layout."""

    layout = ("batch", "time", "freq", "chan")

    def __init__(self, chans=4):
        super().__init__()
        self.proj = nn.Linear(chans, chans)

    def forward(self, x):
        axis = {name: i for i, name in enumerate(self.layout[: x.dim()])}
        sizes = {name: x.shape[i] for name, i in axis.items()}
        pooled = x.mean(dim=axis["freq"]) * (sizes["freq"] ** -0.5)
        return self.proj(pooled)


Model = AxisPool


def inputs():
    torch.manual_seed(4013)
    return [(torch.randn(2, 5, 6, 4),), (torch.randn(2, 5, 6, 4),), (torch.randn(3, 4, 9, 4),)]
