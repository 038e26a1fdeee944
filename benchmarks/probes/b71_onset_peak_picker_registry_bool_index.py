# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def threshold_peaks(env: torch.Tensor, thr: float) -> torch.Tensor:
    return env[env > thr]  # breaks: compile


def top_peaks(env: torch.Tensor, thr: float) -> torch.Tensor:
    return env.topk(3, dim=-1).values


PEAK_PICKERS = {"threshold": threshold_peaks, "top": top_peaks}


class Model(nn.Module):
    """Onset detector: spectral-flux envelope from a conv front end, then a registered peak picker."""

    def __init__(self, picker: str = "threshold", thr: float = 0.5):
        super().__init__()
        self.conv = nn.Conv1d(1, 1, 5, padding=2)
        self.picker = picker
        self.thr = thr

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        env = torch.sigmoid(self.conv(wav.unsqueeze(1)).squeeze(1))
        flux = torch.relu(env[:, 1:] - env[:, :-1]) * 10.0
        peaks = PEAK_PICKERS[self.picker](flux, self.thr)  # breaks: script
        return peaks.sum() / flux.numel()


def inputs():
    torch.manual_seed(7108)
    return [(torch.randn(2, 32),), (torch.randn(2, 32) * 3,)]
