# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Radiance-field probe: the density MLP is integrated over the unit cube with a
    quasi-random Sobol point set drawn by torch.quasirandom.SobolEngine at call time."""

    def __init__(self, d: int = 16, n_pts: int = 32):
        super().__init__()
        self.n_pts = n_pts
        self.mlp = nn.Sequential(nn.Linear(3 + d, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, code: torch.Tensor) -> torch.Tensor:
        engine = torch.quasirandom.SobolEngine(dimension=3, scramble=False)
        pts = engine.draw(self.n_pts).to(code.dtype)
        b = code.shape[0]
        inp = torch.cat([pts.expand(b, -1, -1), code[:, None].expand(-1, self.n_pts, -1)], -1)
        sigma = torch.nn.functional.softplus(self.mlp(inp)).squeeze(-1)
        return sigma.mean(-1)


def inputs():
    torch.manual_seed(5914)
    return [(torch.randn(2, 16),), (torch.randn(5, 16),)]
