# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
from torch import Tensor, nn


@dataclass
class XVectorConfig:
    n_mels: int = 10
    channels: tuple = (16, 16, 24)
    kernels: tuple = (5, 3, 1)
    dilations: tuple = (1, 2, 1)
    embed_dim: int = 12
    eps: float = 1e-5


def length_to_mask(rel_lens: Tensor, max_len: int) -> Tensor:
    abs_lens = torch.round(rel_lens * max_len)
    steps = torch.arange(max_len, device=rel_lens.device, dtype=abs_lens.dtype)
    return (steps[None, :] < abs_lens[:, None]).to(rel_lens.dtype)


class MaskedStatsPool(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: Tensor, rel_lens: Tensor) -> Tensor:
        # x: [batch, channels, time]
        mask = length_to_mask(rel_lens, x.shape[-1]).unsqueeze(1)
        total = mask.sum(dim=-1, keepdim=True).clamp_min(1.0)
        mean = (x * mask).sum(dim=-1, keepdim=True) / total
        var = ((x - mean).pow(2) * mask).sum(dim=-1, keepdim=True) / (total - 1).clamp_min(1.0)
        std = torch.sqrt(var.clamp(min=self.eps))
        return torch.cat([mean, std], dim=1).squeeze(-1)


class XVector(nn.Module):
    def __init__(self, cfg: XVectorConfig = XVectorConfig()):
        super().__init__()
        layers, in_ch = [], cfg.n_mels
        for ch, k, d in zip(cfg.channels, cfg.kernels, cfg.dilations):
            layers += [nn.Conv1d(in_ch, ch, k, dilation=d, padding=d * (k - 1) // 2), nn.LeakyReLU(), nn.BatchNorm1d(ch)]
            in_ch = ch
        self.tdnn = nn.Sequential(*layers)
        self.pool = MaskedStatsPool(cfg.eps)
        self.segment = nn.Linear(2 * in_ch, cfg.embed_dim)

    def forward(self, feats: Tensor, wav_lens: Tensor) -> Tensor:
        x = self.tdnn(feats.transpose(1, 2))
        return self.segment(self.pool(x, wav_lens))


Model = XVector


def inputs():
    torch.manual_seed(4503)
    return [
        (torch.randn(3, 20, 10), torch.tensor([1.0, 0.8, 0.5])),
        (torch.randn(3, 20, 10), torch.tensor([0.6, 1.0, 0.9])),
        (torch.randn(2, 16, 10), torch.tensor([1.0, 0.75])),
    ]
