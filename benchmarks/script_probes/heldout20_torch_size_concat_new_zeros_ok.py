# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RegisterTokens(nn.Module):
    """Appends zero-initialised register tokens before the patch tokens."""

    def __init__(self, dim: int = 8, num_reg: int = 2):
        super().__init__()
        self.num_reg = num_reg
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        reg_shape = x.shape[:1] + torch.Size([self.num_reg]) + x.shape[2:]
        regs = x.new_zeros(reg_shape)
        return self.fc(torch.cat([regs, x], dim=1))


Model = RegisterTokens


def inputs():
    torch.manual_seed(2036)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
