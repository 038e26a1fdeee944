# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MedianCentre(nn.Module):
    def forward(self, x):
        k = x.size(-1) // 2 + 1
        med = x.kthvalue(k, dim=-1, keepdim=True).values
        return x - med


Model = MedianCentre


def inputs():
    torch.manual_seed(4803)
    return [(torch.randn(3, 9),), (torch.randn(2, 14),)]
