import torch
from torch import nn, Tensor


def lengths_to_mask(lengths: Tensor, max_len) -> Tensor:
    return torch.arange(max_len, device=lengths.device)[None, :] < lengths[:, None]


class PackedToPadded(nn.Module):
    """Flat (total_tokens, D) features + per-utterance lengths -> (B, T, D) batch."""

    def forward(self, flat: Tensor, lengths: Tensor) -> Tensor:
        max_len = lengths.max()
        out = flat.new_zeros(lengths.shape[0], max_len, flat.shape[-1])  # breaks: compile
        mask = lengths_to_mask(lengths, out.shape[1])
        return out.masked_scatter(mask.unsqueeze(-1), flat)


class Model(nn.Module):
    def __init__(self, dim=8, hidden=12):
        super().__init__()
        self.frontend = nn.Linear(dim, hidden)
        self.unpack = PackedToPadded()
        self.conv = nn.Conv1d(hidden, hidden, 3, padding=1)

    def forward(self, flat, lengths):
        x = self.unpack(torch.relu(self.frontend(flat)), lengths)
        out = self.conv(x.transpose(1, 2)).transpose(1, 2)
        return out.sum(dim=1) / lengths[:, None]


def inputs():
    torch.manual_seed(14)
    return [(torch.randn(9, 8), torch.tensor([5, 4])), (torch.randn(9, 8), torch.tensor([3, 6])), (torch.randn(12, 8), torch.tensor([4, 4, 4]))]
