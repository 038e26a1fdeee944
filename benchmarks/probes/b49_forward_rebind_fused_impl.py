# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedMLP(nn.Module):
    """Picks its implementation once, by rebinding forward in __init__."""

    def __init__(self, dim=8, hidden=16, fused=True):
        super().__init__()
        self.w12 = nn.Linear(dim, 2 * hidden)
        self.w3 = nn.Linear(hidden, dim)
        self.forward = self._forward_fused if fused else self._forward_ref

    def _forward_fused(self, x):
        a, b = self.w12(x).chunk(2, dim=-1)
        return self.w3(F.silu(a) * b)

    def _forward_ref(self, x):
        h = self.w12(x)
        return self.w3(F.silu(h[..., : h.shape[-1] // 2]) * h[..., h.shape[-1] // 2 :])


Model = GatedMLP


def inputs():
    torch.manual_seed(4916)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
