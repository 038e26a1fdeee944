import functools
import torch
from torch import nn


def lengths_to_mask(lengths: torch.Tensor) -> torch.Tensor:
    max_len = int(lengths.max())  # breaks: compile,export,trace
    positions = torch.arange(max_len, device=lengths.device)
    return positions[None, :] < lengths[:, None]


def model_forward(self, x, lengths):
    mask = lengths_to_mask(lengths)
    h = self.proj(x[:, : mask.shape[1]])
    h = h * mask[..., None]
    return h.sum(1) / lengths[:, None]


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, lengths):
        run = functools.partial(model_forward, self)
        return run(x, lengths)


def inputs():
    return [
        (torch.randn(2, 6, 8), torch.tensor([3, 5])),
        (torch.randn(3, 6, 8), torch.tensor([2, 6, 4])),
    ]
