# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DurationExpand(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, tokens, durations):
        total = durations.sum().item()
        return torch.repeat_interleave(self.proj(tokens), durations, dim=0, output_size=total)


Model = DurationExpand


def inputs():
    torch.manual_seed(4811)
    return [(torch.randn(4, 6), torch.tensor([1, 2, 0, 3])), (torch.randn(4, 6), torch.tensor([2, 2, 2, 1]))]
