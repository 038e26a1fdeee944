# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def lengths_to_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    steps = torch.arange(max_len, device=lengths.device)
    return steps.unsqueeze(0) < lengths.unsqueeze(1)


class Model(nn.Module):
    """Masked mean pooling: the key-padding mask is as long as the padded input, so its size
    comes from the input's shape, not from the lengths' values."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.proj = nn.Linear(d, d)

    def forward(self, feats: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        mask = lengths_to_mask(lengths, feats.shape[1])
        h = self.proj(feats) * mask.unsqueeze(-1)
        return h.sum(1) / lengths.unsqueeze(-1)


def inputs():
    torch.manual_seed(6506)
    return [
        (torch.randn(2, 9, 8), torch.tensor([7, 4])),
        (torch.randn(2, 9, 8), torch.tensor([9, 2])),
    ]
