# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GatedFFN(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 16):
        super().__init__()
        self.w12 = nn.Linear(dim, hidden * 2)
        self.w3 = nn.Linear(hidden, dim)
        self.clamp_value = 50.0

    def __setstate__(self, state):
        # checkpoints pickled before clamp_value existed
        if "clamp_value" not in state:
            state["clamp_value"] = 50.0
        super().__setstate__(state)

    def forward(self, x):
        a, b = self.w12(x).chunk(2, dim=-1)
        h = torch.nn.functional.silu(a) * b
        return self.w3(h.clamp(-self.clamp_value, self.clamp_value))


Model = GatedFFN


def inputs():
    torch.manual_seed(2312)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
