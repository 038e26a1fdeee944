# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self, dim=8, prefix=2):
        super().__init__()
        self.prefix = prefix
        self.embed = nn.Linear(dim, dim)
        self.rnn_in = nn.Linear(dim, dim)

    @property
    def dtype(self):
        return self.embed.weight.dtype

    @property
    def device(self):
        return self.embed.weight.device

    def forward(self, x):
        b = x.shape[0]
        start = torch.zeros(b, self.prefix, x.shape[-1], dtype=self.dtype, device=self.device)
        h = torch.cat([start, self.embed(x)], dim=1)
        return torch.tanh(self.rnn_in(h))


Model = Decoder


def inputs():
    torch.manual_seed(4927)
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 6, 8),)]
