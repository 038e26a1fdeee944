from typing import Optional

import torch
from torch import Tensor, nn

READOUTS = {}


def register_readout(name):
    def wrap(fn):
        READOUTS[name] = fn
        return fn

    return wrap


@register_readout("mean")
def global_mean_pool(x: Tensor, batch: Tensor, size: Optional[int] = None) -> Tensor:
    size = int(batch.max()) + 1 if size is None else size  # breaks: compile,export,trace
    out = x.new_zeros(size, x.shape[-1]).index_add_(0, batch, x)
    count = torch.bincount(batch, minlength=size).clamp(min=1)  # breaks: compile
    return out / count.unsqueeze(-1).to(x.dtype)


@register_readout("sum")
def global_add_pool(x: Tensor, batch: Tensor, size: Optional[int] = None) -> Tensor:
    size = int(batch.max()) + 1 if size is None else size
    return x.new_zeros(size, x.shape[-1]).index_add_(0, batch, x)


class Model(nn.Module):
    def __init__(self, channels: int = 5, readout: str = "mean"):
        super().__init__()
        self.conv = nn.Linear(channels, channels)
        self.readout = READOUTS[readout]
        self.classifier = nn.Linear(channels, 3)

    def forward(self, x: Tensor, batch: Tensor) -> Tensor:
        h = torch.relu(self.conv(x))
        return self.classifier(self.readout(h, batch))


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(6, 5), torch.tensor([0, 0, 1, 1, 1, 1])),
        (torch.randn(6, 5), torch.tensor([0, 1, 1, 2, 2, 2])),
    ]
