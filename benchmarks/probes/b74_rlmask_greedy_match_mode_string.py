# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Actor head with an action-selection mode chosen by a config string."""

    def __init__(self, mode: str = "greedy", temperature: float = 0.5):
        super().__init__()
        self.mode = mode
        self.temperature = temperature
        self.pi = nn.Linear(6, 4)

    def forward(self, obs: torch.Tensor, legal: torch.Tensor) -> torch.Tensor:
        logits = self.pi(obs).masked_fill(~legal, -1e9)
        match self.mode:  # breaks: script
            case "greedy":
                return logits.argmax(-1)
            case "soft":
                return (logits / self.temperature).softmax(-1)
            case _:
                return logits


def inputs():
    torch.manual_seed(7418)
    legal = torch.tensor([[True, True, False, True], [False, True, True, True]])
    return [(torch.randn(2, 6), legal), (torch.randn(3, 6), legal[[0, 1, 1]])]
