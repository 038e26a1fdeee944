# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class NormalizedProjector(nn.Module):
    """Sanity-checks that the normalised features are centred before projecting them."""

    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim, elementwise_affine=False)
        self.fc = nn.Linear(dim, 4)

    def forward(self, x):
        y = self.norm(x)
        torch.testing.assert_close(y.mean(-1), torch.zeros_like(y[..., 0]), atol=1e-4, rtol=0.0)
        return self.fc(y)


Model = NormalizedProjector


def inputs():
    torch.manual_seed(3810)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 2, 8) * 3.0,)]
