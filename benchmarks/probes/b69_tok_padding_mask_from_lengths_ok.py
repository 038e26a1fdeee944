# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def lengths_to_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    positions = torch.arange(max_len, device=lengths.device)
    return positions.unsqueeze(0) < lengths.unsqueeze(1)


class ByteEmbedding(nn.Module):
    """Byte-level tokens (0..255) plus specials; ids past a sequence's length are padding."""

    def __init__(self, dim: int, pad_id: int = 256):
        super().__init__()
        self.pad_id = pad_id
        self.emb = nn.Embedding(258, dim, padding_idx=pad_id)

    def forward(self, ids: torch.Tensor, lengths: torch.Tensor):
        mask = lengths_to_mask(lengths, ids.size(1))
        ids = ids.masked_fill(~mask, self.pad_id)
        return self.emb(ids), mask


class Model(nn.Module):
    """Byte-level encoder: embed, one conv layer, masked mean over the real bytes."""

    def __init__(self, dim: int = 12):
        super().__init__()
        self.embed = ByteEmbedding(dim)
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)

    def forward(self, ids: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        x, mask = self.embed(ids, lengths)
        x = torch.relu(self.conv(x.transpose(1, 2))).transpose(1, 2)
        m = mask.unsqueeze(-1).to(x.dtype)
        return (x * m).sum(1) / m.sum(1).clamp_min(1.0)


def inputs():
    torch.manual_seed(6903)
    return [
        (torch.randint(0, 256, (3, 9)), torch.tensor([9, 4, 6])),
        (torch.randint(0, 256, (3, 9)), torch.tensor([2, 9, 1])),
    ]
