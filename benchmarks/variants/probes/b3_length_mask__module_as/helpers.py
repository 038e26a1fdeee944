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
