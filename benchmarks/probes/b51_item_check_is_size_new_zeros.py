# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PadPacked(nn.Module):
    """Scatters a flat token stream back into a padded (batch, max_len, dim) tensor."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.proj = nn.Linear(d, d)

    def forward(self, tokens: Tensor, lengths: Tensor) -> Tensor:
        max_len = lengths.max().item()
        torch._check_is_size(max_len)
        out = tokens.new_zeros(lengths.shape[0], max_len, tokens.shape[-1])
        batch_idx = torch.repeat_interleave(torch.arange(lengths.shape[0]), lengths, output_size=tokens.shape[0])
        starts = torch.cumsum(lengths, 0) - lengths
        pos = torch.arange(tokens.shape[0]) - starts[batch_idx]
        out[batch_idx, pos] = self.proj(tokens)
        return out


Model = PadPacked


def inputs():
    torch.manual_seed(5113)
    return [(torch.randn(7, 6), torch.tensor([3, 4])), (torch.randn(9, 6), torch.tensor([2, 6, 1]))]
