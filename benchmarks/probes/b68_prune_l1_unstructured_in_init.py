# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.utils.prune as prune


class Model(nn.Module):
    """Pruned MLP classifier: half of the first layer's weights are masked with
    torch.nn.utils.prune, which reparametrises the weight through a forward pre-hook."""

    def __init__(self, amount: float = 0.5):
        super().__init__()
        self.fc1 = nn.Linear(10, 16)
        self.fc2 = nn.Linear(16, 3)
        prune.l1_unstructured(self.fc1, name="weight", amount=amount)  # breaks: script

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(torch.relu(self.fc1(x)))


def inputs():
    torch.manual_seed(6815)
    return [(torch.randn(4, 10),), (torch.randn(7, 10),)]
