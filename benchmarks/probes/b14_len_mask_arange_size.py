import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.enc = nn.TransformerEncoderLayer(dim, 2, 16, dropout=0.0, batch_first=True)
        self.out = nn.Linear(dim, 4)

    def forward(self, x, lengths):
        max_len = x.size(1)
        positions = torch.arange(max_len, device=x.device)
        pad_mask = positions.expand(len(lengths), max_len)  # breaks: trace
        pad_mask = pad_mask >= lengths.unsqueeze(1)
        h = self.enc(x, src_key_padding_mask=pad_mask)
        h = h.masked_fill(pad_mask.unsqueeze(-1), 0.0)
        return self.out(h.sum(1) / lengths.unsqueeze(-1).float())


def inputs():
    return [
        (torch.randn(2, 5, 8), torch.tensor([5, 3])),
        (torch.randn(3, 7, 8), torch.tensor([2, 7, 4])),
    ]
