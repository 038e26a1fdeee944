# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor
from typing import List, Union


class FuseInputs(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, feats: Union[Tensor, List[Tensor]]) -> Tensor:
        if isinstance(feats, Tensor):
            x = feats
        else:
            x = torch.stack(feats, 0).sum(0)
        return self.fc(x)


Model = FuseInputs


def inputs():
    torch.manual_seed(2122)
    return [(torch.randn(2, 4),), ([torch.randn(3, 4), torch.randn(3, 4)],)]
