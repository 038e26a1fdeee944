# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


def mean_rr_seconds(peak_prob: torch.Tensor, fs: float) -> float:
    """Mean R-R interval of one lead from a per-sample R-peak probability."""
    idx = np.flatnonzero(peak_prob.detach().numpy() > 0.5)  # breaks: compile,export,trace,script
    rr = np.diff(idx) / fs
    return float(rr.mean()) if rr.size else 0.0


class Model(nn.Module):
    """ECG rhythm classifier: R-peak detector plus heart-rate feature into a small head."""

    def __init__(self, fs: float = 50.0):
        super().__init__()
        self.fs = fs
        self.peaks = nn.Conv1d(1, 1, 3, padding=1)
        self.head = nn.Linear(2, 3)

    def forward(self, ecg: torch.Tensor) -> torch.Tensor:
        prob = torch.sigmoid(self.peaks(ecg.unsqueeze(0).unsqueeze(0))).flatten()
        rr = mean_rr_seconds(prob, self.fs)
        feats = torch.stack([prob.mean(), torch.tensor(rr)])
        return self.head(feats)


def inputs():
    torch.manual_seed(7109)
    return [(torch.randn(64) * 2,), (torch.randn(64) * 4,)]
