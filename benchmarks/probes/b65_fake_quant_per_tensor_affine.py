# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class FakeQuant(nn.Module):
    """8-bit fake quantisation with a fixed per-tensor scale (QAT stub)."""

    def __init__(self, scale: float = 0.05, zero_point: int = 128):
        super().__init__()
        self.scale = scale
        self.zero_point = zero_point

    def forward(self, x):
        return torch.fake_quantize_per_tensor_affine(x, self.scale, self.zero_point, 0, 255)  # breaks: compile


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_in = FakeQuant()
        self.fc = nn.Linear(6, 4)
        self.q_out = FakeQuant(0.1, 128)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.q_out(self.fc(self.q_in(x)))


def inputs():
    torch.manual_seed(6527)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
