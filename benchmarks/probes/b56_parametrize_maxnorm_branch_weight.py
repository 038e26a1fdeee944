# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P


class MaxNorm(nn.Module):
    """Weight constraint (EEG / dropout-era nets): rows of W are kept inside an L2 ball."""

    def __init__(self, max_norm: float = 0.5):
        super().__init__()
        self.max_norm = max_norm

    def forward(self, weight):
        norms = torch.linalg.vector_norm(weight, dim=1, keepdim=True)
        if norms.max() > self.max_norm:
            weight = weight * (self.max_norm / norms.clamp(min=self.max_norm))
        return weight


def constrained_linear(d_in: int, d_out: int, max_norm: float) -> nn.Linear:
    layer = nn.Linear(d_in, d_out)
    P.register_parametrization(layer, "weight", MaxNorm(max_norm))
    return layer


class ConstrainedClassifier(nn.Module):
    def __init__(self, d: int = 24, classes: int = 4, max_norm: float = 0.5):
        super().__init__()
        self.hidden = nn.Sequential(nn.Linear(16, d), nn.ELU())
        self.out = constrained_linear(d, classes, max_norm)

    def forward(self, feats):
        return self.out(self.hidden(feats))


class Model(nn.Module):
    """Temporal conv features pooled over time, then a max-norm constrained classifier."""

    def __init__(self):
        super().__init__()
        self.temporal = nn.Conv1d(8, 16, 5, padding=2)
        self.cls = ConstrainedClassifier()

    def forward(self, eeg):
        h = torch.nn.functional.elu(self.temporal(eeg))
        return self.cls(h.mean(dim=-1))


def inputs():
    torch.manual_seed(5607)
    return [(torch.randn(2, 8, 40),), (torch.randn(3, 8, 25),)]
