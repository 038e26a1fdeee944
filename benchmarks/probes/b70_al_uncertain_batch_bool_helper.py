# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class EntropyGate(nn.Module):
    def __init__(self, threshold: float = 0.9):
        super().__init__()
        self.threshold = threshold

    def is_uncertain(self, probs: torch.Tensor) -> bool:
        entropy = -(probs * probs.clamp_min(1e-9).log()).sum(-1)
        return bool(entropy.max() > self.threshold)  # breaks: export,trace


class Model(nn.Module):
    """Active-learning classifier: when any sample is uncertain, the slower refinement head
    re-scores the whole batch."""

    def __init__(self, dim: int = 6, n_cls: int = 4):
        super().__init__()
        self.fast = nn.Linear(dim, n_cls)
        self.refine = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, n_cls))
        self.gate = EntropyGate()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        probs = self.fast(x).softmax(-1)
        if self.gate.is_uncertain(probs):  # breaks: compile
            probs = self.refine(x).softmax(-1)
        return probs


def inputs():
    torch.manual_seed(7011)
    return [(torch.randn(3, 6) * 0.05,), (torch.randn(3, 6) * 20,)]
