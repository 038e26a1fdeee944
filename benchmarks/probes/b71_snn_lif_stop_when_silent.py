# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LIF(nn.Module):
    """Leaky integrate-and-fire layer unrolled over time with soft reset."""

    def __init__(self, dim_in: int, dim_out: int, beta: float = 0.8, threshold: float = 1.0):
        super().__init__()
        self.fc = nn.Linear(dim_in, dim_out)
        self.beta = beta
        self.threshold = threshold

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        mem = torch.zeros(x.size(0), self.fc.out_features)
        counts = torch.zeros_like(mem)
        for t in range(x.size(1)):
            mem = self.beta * mem + x[:, t] @ self.fc.weight.abs().t()
            spk = (mem > self.threshold).float()
            mem = mem - spk * self.threshold
            counts = counts + spk
            if t > 1 and spk.sum() == 0:  # breaks: compile,export,trace
                break
        return counts + 0.1 * mem


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lif = LIF(6, 5)
        self.readout = nn.Linear(5, 3)

    def forward(self, events: torch.Tensor) -> torch.Tensor:
        return self.readout(self.lif(events))


def inputs():
    torch.manual_seed(7104)
    return [(torch.rand(2, 8, 6) * 4.0,), (torch.rand(2, 8, 6) * 0.01,)]
