# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Mask-based separation refined by a few multichannel-Wiener-like iterations stored in the checkpoint."""

    def __init__(self, bins: int = 6, sources: int = 2):
        super().__init__()
        self.mask = nn.Linear(bins, bins * sources)
        self.sources = sources
        self.register_buffer("wiener_iters", torch.tensor(2))

    @property
    def n_iter(self) -> int:
        return int(self.wiener_iters.item())  # breaks: compile,export

    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        b, t, f = spec.shape
        est = torch.sigmoid(self.mask(spec)).view(b, t, self.sources, f) * spec.unsqueeze(2)
        for _ in range(self.n_iter):  # breaks: compile
            power = est.pow(2) + 1e-8
            est = spec.unsqueeze(2) * power / power.sum(2, keepdim=True)
        return est


def inputs():
    torch.manual_seed(7222)
    return [(torch.rand(2, 5, 6),), (torch.rand(2, 5, 6) * 3,)]
