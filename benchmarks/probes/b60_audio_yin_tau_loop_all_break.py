# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def frame_signal(wav: torch.Tensor, frame: int, hop: int) -> torch.Tensor:
    return wav.unfold(-1, frame, hop)  # (B, T, frame)


def difference_function(frames: torch.Tensor, max_tau: int) -> torch.Tensor:
    w = frames.shape[-1] - max_tau
    ref = frames[..., :w]
    diffs = [((ref - frames[..., tau : tau + w]) ** 2).sum(-1) for tau in range(max_tau)]
    return torch.stack(diffs, dim=-1)  # (B, T, max_tau)


def cumulative_mean_normalize(d: torch.Tensor) -> torch.Tensor:
    taus = torch.arange(1, d.shape[-1], device=d.device, dtype=d.dtype)
    cmnd = d[..., 1:] * taus / d[..., 1:].cumsum(-1).clamp_min(1e-8)
    return torch.cat([torch.ones_like(d[..., :1]), cmnd], dim=-1)


def first_tau_below(cmnd: torch.Tensor, threshold: float, tau_min: int) -> torch.Tensor:
    """Smallest lag whose normalised difference dips under the threshold (scanned in order,
    stopping as soon as every frame has found one)."""
    best = cmnd[..., tau_min:].argmin(-1) + tau_min
    found = torch.zeros_like(best, dtype=torch.bool)
    for tau in range(tau_min, cmnd.shape[-1]):
        hit = (cmnd[..., tau] < threshold) & ~found
        best = torch.where(hit, torch.full_like(best, tau), best)
        found = found | hit
        if found.all():
            break
    return best


class Model(nn.Module):
    """YIN-style pitch tracker feeding a small voicing / pitch-embedding network."""

    def __init__(self, sr: int = 8000, frame: int = 128, hop: int = 64, max_tau: int = 64):
        super().__init__()
        self.sr, self.frame, self.hop, self.max_tau = sr, frame, hop, max_tau
        self.threshold = 0.15
        self.embed = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 8))

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        frames = frame_signal(wav, self.frame, self.hop)
        cmnd = cumulative_mean_normalize(difference_function(frames, self.max_tau))
        tau = first_tau_below(cmnd, self.threshold, tau_min=4)
        f0 = self.sr / tau.to(wav.dtype)
        aperiodicity = cmnd.gather(-1, tau.unsqueeze(-1)).squeeze(-1)
        feats = torch.stack([torch.log(f0), aperiodicity], dim=-1)
        return self.embed(feats)


def inputs():
    torch.manual_seed(6003)
    t1 = torch.arange(1024) / 8000.0
    tone = torch.sin(2 * torch.pi * 200.0 * t1).expand(2, -1) + 0.01 * torch.randn(2, 1024)
    t2 = torch.arange(1536) / 8000.0
    low = torch.sin(2 * torch.pi * 150.0 * t2).expand(3, -1) + 0.05 * torch.randn(3, 1536)
    return [(tone,), (low,)]
