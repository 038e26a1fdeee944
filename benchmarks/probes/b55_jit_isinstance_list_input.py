# ruff: noqa  (a probe is written as users write models)
from typing import List, Union

import torch
import torch.nn as nn


class MultiViewPool(nn.Module):
    """Multi-view: a list of view tensors or one stacked tensor, told apart with torch.jit.isinstance."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 4)

    def forward(self, views: Union[List[torch.Tensor], torch.Tensor]):
        if torch.jit.isinstance(views, List[torch.Tensor]):
            x = torch.stack(views, 1)
        else:
            x = views
        return self.proj(x).amax(1)


Model = MultiViewPool


def inputs():
    torch.manual_seed(5515)
    return [([torch.randn(2, 6), torch.randn(2, 6)],), ([torch.randn(5, 6), torch.randn(5, 6)],)]
