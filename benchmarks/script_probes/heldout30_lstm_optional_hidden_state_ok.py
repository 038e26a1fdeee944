# ruff: noqa  (a probe is written as users write models)
from typing import Optional, Tuple

import torch
import torch.nn as nn
from torch import Tensor


class RecurrentPolicy(nn.Module):
    """RL policy with an LSTM core; the recurrent state is optional on the first step."""

    def __init__(self, obs: int = 5, hidden: int = 8, actions: int = 3):
        super().__init__()
        self.encoder = nn.Linear(obs, hidden)
        self.core = nn.LSTM(hidden, hidden, batch_first=True)
        self.pi = nn.Linear(hidden, actions)

    def forward(
        self, obs: Tensor, state: Optional[Tuple[Tensor, Tensor]] = None
    ) -> Tuple[Tensor, Tuple[Tensor, Tensor]]:
        z = torch.relu(self.encoder(obs))
        out, new_state = self.core(z, state)
        return self.pi(out).log_softmax(-1), new_state


Model = RecurrentPolicy


def inputs():
    torch.manual_seed(3014)
    h = (torch.randn(1, 3, 8), torch.randn(1, 3, 8))
    return [(torch.randn(2, 4, 5),), (torch.randn(3, 6, 5), h)]
