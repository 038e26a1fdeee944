# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def _clip_grad_hook(module, grad_input, grad_output):
    return tuple(g.clamp(-1.0, 1.0) if g is not None else g for g in grad_input)


class ClippedBlock(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.act = nn.GELU()
        self.fc.register_full_backward_hook(_clip_grad_hook)

    def forward(self, x):
        return x + self.act(self.fc(x))


Model = ClippedBlock


def inputs():
    torch.manual_seed(2204)
    return [(torch.randn(2, 8),), (torch.randn(4, 3, 8),)]
