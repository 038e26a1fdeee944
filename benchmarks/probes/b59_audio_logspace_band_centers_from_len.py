# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Spectral band weighting for an audio classifier: each frequency bin of a magnitude
    spectrogram is scaled by a log-spaced centre frequency whose count follows the number
    of bins in the input."""

    def __init__(self, n_classes: int = 4):
        super().__init__()
        self.proj = nn.Conv1d(1, 8, 3, padding=1)
        self.head = nn.Linear(8, n_classes)

    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        n_bins = spec.shape[-1]
        centers = torch.logspace(1.0, 4.0, n_bins, device=spec.device)
        weighted = spec * torch.log1p(centers) / 10.0
        h = self.proj(weighted.mean(dim=1, keepdim=True)).relu()
        return self.head(h.mean(-1))


def inputs():
    torch.manual_seed(5903)
    return [(torch.rand(2, 20, 64),), (torch.rand(3, 15, 40),)]
