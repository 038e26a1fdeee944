# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MaskedMeanPool(nn.Module):
    def forward(self, x: Tensor, mask: Tensor) -> Tensor:
        picked = x[mask]
        if picked.numel():
            return picked.mean(0)
        return x.new_zeros(x.shape[-1])


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(1918)
    x = torch.randn(4, 3)
    return [(x, torch.tensor([True, False, True, False])), (torch.randn(2, 3), torch.tensor([False, False]))]
