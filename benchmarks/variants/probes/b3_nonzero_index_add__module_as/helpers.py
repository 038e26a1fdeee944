import torch
from torch import nn


def model_forward(self, x, active):
    idx = active.nonzero(as_tuple=True)[0]
    upd = self.fc(x.index_select(0, idx))
    return x.index_add(0, idx, upd)
