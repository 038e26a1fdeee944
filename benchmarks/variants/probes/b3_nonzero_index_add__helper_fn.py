import torch
from torch import nn


def model_forward(self, x, active):
    idx = active.nonzero(as_tuple=True)[0]
    upd = self.fc(x.index_select(0, idx))
    return x.index_add(0, idx, upd)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, active):
        return model_forward(self, x, active)


def inputs():
    return [
        (torch.randn(4, 8), torch.tensor([True, False, True, True])),
        (torch.randn(5, 8), torch.tensor([False, True, False, False, True])),
    ]
