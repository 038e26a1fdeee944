import torch
from torch import nn


@torch.library.custom_op("b26probe::rms_gate", mutates_args=())
def rms_gate(x: torch.Tensor, eps: float) -> torch.Tensor:
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)


@rms_gate.register_fake
def _(x, eps):
    return torch.empty_like(x)


class GatedBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return rms_gate(self.fc(x), 1e-6) + x


Model = GatedBlock


def inputs():
    torch.manual_seed(18)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
