# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.masked import masked_tensor


class Model(nn.Module):
    """Sentence encoder that pools token states with torch.masked's MaskedTensor, so padded
    positions are excluded from the mean without manual sums and counts."""

    def __init__(self, vocab: int = 50, dim: int = 16, pad_id: int = 0):
        super().__init__()
        self.pad_id = pad_id
        self.emb = nn.Embedding(vocab, dim, padding_idx=pad_id)
        self.mix = nn.Linear(dim, dim)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        h = torch.tanh(self.mix(self.emb(ids)))
        keep = (ids != self.pad_id).unsqueeze(-1).expand_as(h)
        pooled = masked_tensor(h, keep).mean(dim=1)
        return pooled.get_data().masked_fill(~pooled.get_mask(), 0.0)


def inputs():
    torch.manual_seed(6133)
    a = torch.randint(1, 50, (2, 7))
    a[1, 4:] = 0
    b = torch.randint(1, 50, (3, 12))
    b[0, 9:] = 0
    return [(a,), (b,)]
