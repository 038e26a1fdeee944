# ruff: noqa  (a probe is written as users write models)
import copy

import torch
import torch.nn as nn
from torch.func import functional_call, stack_module_state, vmap


class QEnsemble(nn.Module):
    """RL: an ensemble of Q-networks evaluated at once with stack_module_state + vmap(functional_call)."""

    def __init__(self, d: int = 5, n: int = 3):
        super().__init__()
        self.members = nn.ModuleList(nn.Sequential(nn.Linear(d, 8), nn.ReLU(), nn.Linear(8, 1)) for _ in range(n))
        self.base = copy.deepcopy(self.members[0]).to("meta")

    def forward(self, obs):
        params, buffers = stack_module_state(list(self.members))

        def one(p, b, x):
            return functional_call(self.base, (p, b), (x,))

        q = vmap(one, in_dims=(0, 0, None))(params, buffers, obs)
        return q.min(0).values


Model = QEnsemble


def inputs():
    torch.manual_seed(5406)
    return [(torch.randn(4, 5),), (torch.randn(7, 5),)]
