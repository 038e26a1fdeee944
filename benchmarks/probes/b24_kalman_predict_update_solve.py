import torch
from torch import nn, Tensor


def constant_velocity(ndim: int, dt: float = 1.0) -> Tensor:
    F_ = torch.eye(2 * ndim)
    F_[:ndim, ndim:] = dt * torch.eye(ndim)
    return F_


class KalmanBoxFilter(nn.Module):
    """Batched SORT-style Kalman filter over (cx, cy, w, h) with velocities."""

    def __init__(self, ndim: int = 4, std_pos: float = 0.05, std_vel: float = 0.00625):
        super().__init__()
        self.register_buffer("F", constant_velocity(ndim))
        self.register_buffer("H", torch.eye(ndim, 2 * ndim))
        self.std_pos, self.std_vel = std_pos, std_vel
        self.ndim = ndim

    def process_noise(self, mean: Tensor) -> Tensor:
        h = mean[:, 3:4]
        std = torch.cat([self.std_pos * h.expand(-1, self.ndim), self.std_vel * h.expand(-1, self.ndim)], 1)
        return torch.diag_embed(std ** 2)

    def forward(self, mean: Tensor, cov: Tensor, measurement: Tensor):
        mean = mean @ self.F.T
        cov = self.F @ cov @ self.F.T + self.process_noise(mean)
        S = self.H @ cov @ self.H.T + torch.diag_embed((self.std_pos * mean[:, 3:4]).expand(-1, self.ndim) ** 2)
        K = torch.linalg.solve(S, self.H @ cov).transpose(-1, -2)
        innovation = measurement - mean @ self.H.T
        new_mean = mean + (K @ innovation.unsqueeze(-1)).squeeze(-1)
        new_cov = cov - K @ S @ K.transpose(-1, -2)
        return new_mean, new_cov


Model = KalmanBoxFilter


def inputs():
    torch.manual_seed(254)
    def case(n):
        mean = torch.cat([torch.rand(n, 4) * 10 + 1, torch.randn(n, 4) * 0.1], 1)
        return mean, torch.eye(8).repeat(n, 1, 1), mean[:, :4] + torch.randn(n, 4) * 0.2
    return [case(3), case(5)]
