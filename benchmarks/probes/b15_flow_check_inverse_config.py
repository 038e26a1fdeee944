from dataclasses import dataclass

import torch
from torch import Tensor, nn


@dataclass
class FlowConfig:
    dim: int = 4
    hidden: int = 16
    num_layers: int = 2
    check_inverse: bool = True


class AffineCoupling(nn.Module):
    def __init__(self, cfg: FlowConfig, flip: bool):
        super().__init__()
        self.cfg, self.flip = cfg, flip
        half = cfg.dim // 2
        self.net = nn.Sequential(
            nn.Linear(half, cfg.hidden), nn.ReLU(), nn.Linear(cfg.hidden, 2 * half)
        )

    def _split(self, x: Tensor):
        a, b = x.chunk(2, dim=-1)
        return (b, a) if self.flip else (a, b)

    def _join(self, a: Tensor, b: Tensor) -> Tensor:
        return torch.cat([b, a] if self.flip else [a, b], dim=-1)

    def inverse(self, y: Tensor) -> Tensor:
        a, b = self._split(y)
        log_s, t = self.net(a).chunk(2, dim=-1)
        return self._join(a, (b - t) * torch.exp(-torch.tanh(log_s)))

    def forward(self, x: Tensor):
        a, b = self._split(x)
        log_s, t = self.net(a).chunk(2, dim=-1)
        log_s = torch.tanh(log_s)
        y = self._join(a, b * torch.exp(log_s) + t)
        if self.cfg.check_inverse:
            recon = self.inverse(y)
            assert torch.allclose(recon, x, atol=1e-4), "not invertible"  # breaks: compile,export
        return y, log_s.sum(-1)


class Model(nn.Module):
    def __init__(self, cfg: FlowConfig | None = None):
        super().__init__()
        cfg = cfg or FlowConfig()
        self.layers = nn.ModuleList(
            AffineCoupling(cfg, flip=i % 2 == 1) for i in range(cfg.num_layers)
        )

    def forward(self, x: Tensor):
        log_det = x.new_zeros(x.shape[0])
        for layer in self.layers:
            x, ld = layer(x)
            log_det = log_det + ld
        return x, log_det


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 4),), (torch.randn(6, 4),)]
