# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class LSTMEncoder(nn.Module):
    """LSTM encoder that hands back its final hidden state only when configured to; otherwise
    the second output is None."""

    def __init__(self, dim: int = 5, hidden: int = 6, return_state: bool = False):
        super().__init__()
        self.lstm = nn.LSTM(dim, hidden, batch_first=True)
        self.return_state = return_state

    def forward(self, x: Tensor):
        out, (h, c) = self.lstm(x)
        if not self.return_state:
            return out, None
        return out, h


Model = LSTMEncoder


def inputs():
    torch.manual_seed(3319)
    return [(torch.randn(2, 4, 5),), (torch.randn(3, 2, 5),)]
