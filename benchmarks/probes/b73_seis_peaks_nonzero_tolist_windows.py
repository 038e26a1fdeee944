# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Picks local maxima of the detection curve above a threshold and returns the mean
    feature of a short window around each pick."""

    def __init__(self, thr: float = 0.5, half: int = 2):
        super().__init__()
        self.det = nn.Conv1d(3, 1, 5, padding=2)
        self.feat = nn.Conv1d(3, 4, 3, padding=1)
        self.thr, self.half = thr, half

    def forward(self, wave: torch.Tensor) -> torch.Tensor:
        prob = torch.sigmoid(self.det(wave))[0, 0]
        local_max = prob == F.max_pool1d(prob.view(1, 1, -1), 5, 1, 2).view(-1)
        peaks = ((prob > self.thr) & local_max).nonzero().flatten().tolist()  # breaks: compile,export,trace,script
        feat = self.feat(wave)[0]
        out = [feat[:, max(p - self.half, 0) : p + self.half + 1].mean(-1) for p in peaks]
        return torch.stack(out) if out else feat.new_zeros(0, 4)


def inputs():
    torch.manual_seed(7321)
    return [(torch.randn(1, 3, 20) * 0.01 - 1,), (torch.randn(1, 3, 20) * 10,)]
