import torch
from torch import Tensor, nn


def conv_out_lengths(lengths: Tensor, kernel: int, stride: int, pad: int) -> Tensor:
    return torch.div(lengths + 2 * pad - kernel, stride, rounding_mode="floor") + 1


def padding_mask(lengths: Tensor, max_len: int) -> Tensor:
    steps = torch.arange(max_len, device=lengths.device)
    return steps.unsqueeze(0) >= lengths.unsqueeze(1)


class Subsampler(nn.Module):
    def __init__(self, feats: int, dim: int):
        super().__init__()
        self.conv = nn.Conv1d(feats, dim, kernel_size=3, stride=2, padding=1)

    def forward(self, x: Tensor, lengths: Tensor):
        y = self.conv(x.transpose(1, 2)).transpose(1, 2)
        return y, conv_out_lengths(lengths, 3, 2, 1)


class Model(nn.Module):
    def __init__(self, feats: int = 6, dim: int = 8):
        super().__init__()
        self.sub = Subsampler(feats, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, lengths: Tensor):
        y, out_lengths = self.sub(x, lengths)
        mask = padding_mask(out_lengths, y.size(1))
        y = self.proj(y).masked_fill(mask.unsqueeze(-1), 0.0)
        denom = out_lengths.clamp(min=1).unsqueeze(-1).to(y.dtype)
        return y.sum(1) / denom, mask


def inputs():
    return [
        (torch.randn(2, 10, 6), torch.tensor([10, 7])),
        (torch.randn(3, 15, 6), torch.tensor([15, 4, 9])),
    ]
