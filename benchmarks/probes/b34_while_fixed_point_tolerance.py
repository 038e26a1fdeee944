import torch
import torch.nn as nn


class DEQLayer(nn.Module):
    def __init__(self, dim=6, tol=1e-3, max_iter=30):
        super().__init__()
        self.f = nn.Linear(dim, dim)
        self.tol, self.max_iter = tol, max_iter

    def forward(self, x):
        z = torch.zeros_like(x)
        it = 0
        while it < self.max_iter:
            z_next = torch.tanh(0.5 * self.f(z) + x)
            diff = (z_next - z).norm() / (z.norm() + 1e-6)
            z = z_next
            it += 1
            if diff < self.tol:
                break
        return z


Model = DEQLayer


def inputs():
    torch.manual_seed(3418)
    return [(torch.randn(2, 6) * 0.1,), (torch.randn(3, 6) * 2,)]
