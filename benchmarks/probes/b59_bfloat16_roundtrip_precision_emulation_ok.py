# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Low-precision deployment check: activations of the hidden layer are rounded through
    bfloat16 and back to float32, emulating a bf16 accelerator inside an fp32 model."""

    def __init__(self, d: int = 12):
        super().__init__()
        self.fc1 = nn.Linear(d, 32)
        self.fc2 = nn.Linear(32, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.fc1(x))
        h = h.to(torch.bfloat16).to(torch.float32)
        return self.fc2(h)


def inputs():
    torch.manual_seed(5919)
    return [(torch.randn(4, 12),), (torch.randn(2, 12),)]
