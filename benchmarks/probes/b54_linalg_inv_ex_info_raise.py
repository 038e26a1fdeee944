# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MetricTensorHead(nn.Module):
    """Physics: invert a learned SPD metric per sample; raise if any matrix is singular (inv_ex info)."""

    def __init__(self, d: int = 3):
        super().__init__()
        self.proj = nn.Linear(d, d * d)
        self.d = d

    def forward(self, x):
        a = self.proj(x).view(-1, self.d, self.d)
        m = a @ a.transpose(-1, -2) + torch.eye(self.d)
        inv, info = torch.linalg.inv_ex(m)
        if info.any():
            raise RuntimeError("singular metric tensor")
        return (inv @ x.unsqueeze(-1)).squeeze(-1)


Model = MetricTensorHead


def inputs():
    torch.manual_seed(5403)
    return [(torch.randn(4, 3),), (torch.randn(6, 3),)]
