# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GatingMixin:
    """Chi-square gating of track/detection pairs, shared by the tracker heads."""

    gate_threshold: float = 9.4877

    def gated_pairs(self, d2: torch.Tensor) -> torch.Tensor:
        return torch.nonzero(d2 < self.gate_threshold)  # breaks: compile,script


class Model(GatingMixin, nn.Module):
    """Association head: Mahalanobis distance between track predictions and detections."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.embed = nn.Linear(dim, dim)
        self.log_var = nn.Parameter(torch.zeros(dim))

    def forward(self, tracks: torch.Tensor, dets: torch.Tensor) -> torch.Tensor:
        diff = self.embed(tracks)[:, None, :] - self.embed(dets)[None, :, :]
        d2 = (diff.pow(2) / self.log_var.exp()).sum(-1)
        pairs = self.gated_pairs(d2)
        cost = d2[pairs[:, 0], pairs[:, 1]]
        return torch.zeros(tracks.size(0)).index_add(0, pairs[:, 0], torch.exp(-0.5 * cost))


def inputs():
    torch.manual_seed(7103)
    return [(torch.randn(4, 4), torch.randn(5, 4)), (torch.randn(4, 4) * 3, torch.randn(5, 4))]
