# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class RNNEncoder(nn.Module):
    """Projection followed by a bidirectional GRU, as in many ASR recipes."""

    def __init__(self, idim: int = 8, hdim: int = 6, num_layers: int = 2):
        super().__init__()
        self.proj = nn.Linear(idim, hdim)
        self.rnn = nn.GRU(hdim, hdim, num_layers=num_layers, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hdim, hdim)

    def forward(self, xs: Tensor) -> Tensor:
        xs = torch.relu(self.proj(xs))
        # keep cuDNN weights contiguous after DataParallel replication
        self.rnn.flatten_parameters()
        ys, _ = self.rnn(xs)
        return self.out(ys)


Model = RNNEncoder


def inputs():
    torch.manual_seed(1901)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 7, 8),)]
