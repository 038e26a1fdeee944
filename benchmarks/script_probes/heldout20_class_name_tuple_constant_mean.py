# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Normalize(nn.Module):
    MEAN = (0.485, 0.456, 0.406)
    STD = (0.229, 0.224, 0.225)

    def forward(self, x):
        mean = torch.tensor(Normalize.MEAN, dtype=x.dtype).view(1, 3, 1, 1)
        std = torch.tensor(Normalize.STD, dtype=x.dtype).view(1, 3, 1, 1)
        return (x - mean) / std


Model = Normalize


def inputs():
    torch.manual_seed(2031)
    return [(torch.rand(1, 3, 4, 4),), (torch.rand(2, 3, 2, 5),)]
