# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.conv = nn.Conv1d(dim, dim, 3, stride=2, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.conv(x.transpose(1, 2)).transpose(1, 2)
        y.valid_frac = x.valid_frac  # carry the padding info along on the tensor itself
        return y


class Model(nn.Module):
    """Utterance encoder that tags its activations with a Python attribute holding the valid
    fraction of each sequence, read back by the pooling step."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.enc = Encoder(dim)
        self.out = nn.Linear(dim, 3)

    def forward(self, x: torch.Tensor, valid_frac: torch.Tensor) -> torch.Tensor:
        x.valid_frac = valid_frac
        h = self.enc(x)
        keep = torch.arange(h.shape[1]).unsqueeze(0) < (h.valid_frac * h.shape[1]).unsqueeze(1)
        return self.out((h * keep.unsqueeze(-1)).sum(1) / keep.sum(1, keepdim=True).clamp_min(1))


def inputs():
    torch.manual_seed(6117)
    return [(torch.randn(2, 20, 16), torch.tensor([1.0, 0.6])), (torch.randn(3, 31, 16), torch.tensor([0.5, 1.0, 0.8]))]
