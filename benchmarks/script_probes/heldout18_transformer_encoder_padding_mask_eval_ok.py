# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SetEncoder(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        layer = nn.TransformerEncoderLayer(dim, heads, dim_feedforward=16, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)

    def forward(self, x, pad_mask):
        return self.encoder(x, src_key_padding_mask=pad_mask)


Model = SetEncoder


def inputs():
    torch.manual_seed(219)
    m1 = torch.tensor([[False, False, True, True], [False, False, False, True]])
    m2 = torch.tensor([[False, False, False], [False, True, True], [False, False, True]])
    return [(torch.randn(2, 4, 8), m1), (torch.randn(3, 3, 8), m2)]
