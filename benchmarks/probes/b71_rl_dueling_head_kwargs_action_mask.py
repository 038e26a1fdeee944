# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Dueling Q head; callers may pass an action mask through keyword arguments."""

    def __init__(self, obs: int = 6, actions: int = 4):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, 16), nn.ReLU())
        self.value = nn.Linear(16, 1)
        self.adv = nn.Linear(16, actions)

    def forward(self, obs: torch.Tensor, **kwargs) -> torch.Tensor:  # breaks: script
        h = self.body(obs)
        adv = self.adv(h)
        q = self.value(h) + adv - adv.mean(-1, keepdim=True)
        mask = kwargs.get("action_mask")
        if mask is not None:
            q = q.masked_fill(~mask, -1e9)
        return q


def inputs():
    torch.manual_seed(7124)
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
