# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class EntropyRegularizedPolicy(nn.Module):
    """Probabilistic policy head returning the distribution and its entropy (xlogy for p=0)."""

    def __init__(self, obs: int = 5, actions: int = 4):
        super().__init__()
        self.logits = nn.Linear(obs, actions)

    def forward(self, s):
        p = torch.special.softmax(self.logits(s), dim=-1)
        entropy = -torch.special.xlogy(p, p).sum(-1)
        return p, entropy


Model = EntropyRegularizedPolicy


def inputs():
    torch.manual_seed(2720)
    return [(torch.randn(3, 5),), (torch.randn(2, 6, 5),)]
