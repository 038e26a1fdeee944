# ruff: noqa  (a probe is written as users write models)
import copy

import torch
import torch.nn as nn


class ActionSampler(nn.Module):
    """RL: a policy head with a config dict; forward makes a shallow copy with copy.copy and
    overrides the temperature for evaluation, leaving the stored config untouched."""

    def __init__(self, obs: int = 12, actions: int = 6):
        super().__init__()
        self.cfg = {"temperature": 1.0, "logit_scale": 2.0}
        self.proj = nn.Linear(obs, actions)

    def forward(self, obs):
        cfg = copy.copy(self.cfg)
        if not self.training:
            cfg["temperature"] = 0.5
        logits = self.proj(obs) * cfg["logit_scale"]
        return torch.softmax(logits / cfg["temperature"], dim=-1)


Model = ActionSampler


def inputs():
    torch.manual_seed(5703)
    return [(torch.randn(4, 12),), (torch.randn(7, 12),)]
