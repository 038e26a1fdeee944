import numpy as np
import torch
import torch.nn as nn


class SeasonalityBasis(nn.Module):
    def __init__(self, backcast_size, forecast_size):
        super().__init__()
        self.backcast_size, self.forecast_size = backcast_size, forecast_size

    def _basis(self, harmonics, size, device):
        t = np.arange(size, dtype=np.float32) / size
        freqs = np.arange(1, harmonics + 1, dtype=np.float32)
        grid = 2 * np.pi * freqs[:, None] * t[None, :]
        basis = np.concatenate([np.ones((1, size), dtype=np.float32), np.cos(grid), np.sin(grid)], axis=0)
        return torch.from_numpy(basis).to(device)

    def forward(self, theta):
        harmonics = (theta.shape[-1] // 2 - 1) // 2
        p = 2 * harmonics + 1
        back = theta[:, :p] @ self._basis(harmonics, self.backcast_size, theta.device)
        fore = theta[:, p : 2 * p] @ self._basis(harmonics, self.forecast_size, theta.device)
        return back, fore


class NBeatsBlock(nn.Module):
    def __init__(self, backcast=24, forecast=8, hidden=32, harmonics=3):
        super().__init__()
        self.fc = nn.Sequential(*[m for i in range(3) for m in (nn.Linear(backcast if i == 0 else hidden, hidden), nn.ReLU())])
        self.theta = nn.Linear(hidden, 2 * (2 * harmonics + 1))
        self.basis = SeasonalityBasis(backcast, forecast)

    def forward(self, x):
        return self.basis(self.theta(self.fc(x)))


class NBeats(nn.Module):
    def __init__(self, n_blocks=2):
        super().__init__()
        self.blocks = nn.ModuleList(NBeatsBlock() for _ in range(n_blocks))

    def forward(self, x):
        residual, forecast = x.flip(-1), 0
        for block in self.blocks:
            back, fore = block(residual)
            residual = residual - back
            forecast = forecast + fore
        return forecast


Model = NBeats


def inputs():
    torch.manual_seed(3523)
    return [(torch.randn(4, 24),), (torch.randn(9, 24),)]
