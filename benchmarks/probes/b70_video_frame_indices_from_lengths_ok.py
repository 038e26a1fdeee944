# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class UniformFrameSampler(nn.Module):
    """Picks n_frames evenly spaced frame indices inside each clip's true length."""

    def __init__(self, n_frames: int = 4):
        super().__init__()
        self.n_frames = n_frames

    def forward(self, lengths: torch.Tensor) -> torch.Tensor:
        steps = torch.arange(self.n_frames, device=lengths.device, dtype=torch.float32)
        span = (lengths - 1).clamp_min(0).to(torch.float32).unsqueeze(-1)
        return (steps * span / (self.n_frames - 1)).round().long()


class Model(nn.Module):
    def __init__(self, dim: int = 5):
        super().__init__()
        self.sampler = UniformFrameSampler()
        self.temporal = nn.Conv1d(dim, 6, kernel_size=3, padding=1)
        self.head = nn.Linear(6, 2)

    def forward(self, frames: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        idx = self.sampler(lengths)
        picked = frames.gather(1, idx.unsqueeze(-1).expand(-1, -1, frames.shape[-1]))
        h = torch.relu(self.temporal(picked.transpose(1, 2)))
        return self.head(h.amax(-1))


def inputs():
    torch.manual_seed(7019)
    return [
        (torch.randn(2, 10, 5), torch.tensor([10, 6])),
        (torch.randn(2, 10, 5), torch.tensor([3, 9])),
    ]
