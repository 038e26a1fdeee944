# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F


class Member(nn.Module):
    def __init__(self, din: int, hid: int, dout: int, p: float):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(din, hid), nn.ReLU(), nn.Dropout(p), nn.Linear(hid, dout))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


def predictive_stats(logits: List[torch.Tensor]):
    probs = torch.stack([l.softmax(-1) for l in logits])  # (M, B, C)
    mean = probs.mean(0)
    entropy = -(mean * mean.clamp_min(1e-12).log()).sum(-1)
    expected_entropy = -(probs * probs.clamp_min(1e-12).log()).sum(-1).mean(0)
    return mean, entropy - expected_entropy  # mutual information (epistemic)


class Model(nn.Module):
    """Deep ensemble classifier returning mean probabilities and epistemic uncertainty."""

    def __init__(self, din: int = 10, n_cls: int = 4, n_members: int = 3):
        super().__init__()
        self.members = nn.ModuleList([Member(din, 32, n_cls, 0.1) for _ in range(n_members)])
        self.norm = nn.LayerNorm(din)
        # Post-hoc temperature (fitted on the validation split after training).
        self.register_buffer("temperature", torch.tensor(1.3))

    def run_members(self, x: torch.Tensor) -> List[torch.Tensor]:
        """Launch every ensemble member asynchronously (inter-op parallelism), then gather."""
        futures = [torch.jit.fork(m, x) for m in self.members]
        return [torch.jit.wait(f) for f in futures]

    def forward(self, x: torch.Tensor):
        logits = self.run_members(self.norm(x))
        logits = [l / self.temperature for l in logits]
        mean, mi = predictive_stats(logits)
        return mean, mi


def inputs():
    torch.manual_seed(6212)
    return [(torch.randn(4, 10),), (torch.randn(7, 10),)]
