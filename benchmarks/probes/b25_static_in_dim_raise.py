import torch
import torch.nn as nn


class CheckedProjection(nn.Module):
    def __init__(self, in_dim=10, out_dim=4):
        super().__init__()
        self.in_dim = in_dim
        self.fc = nn.Linear(in_dim, out_dim)

    def forward(self, x):
        if x.shape[-1] != self.in_dim:
            raise ValueError(f"expected {self.in_dim} features, got {x.shape[-1]}")
        return self.fc(x)


Model = CheckedProjection


def inputs():
    torch.manual_seed(29)
    return [(torch.randn(3, 10),), (torch.randn(7, 10) * 3,)]
