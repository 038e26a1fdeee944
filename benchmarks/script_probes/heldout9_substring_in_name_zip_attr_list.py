# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.names = ["attn_q", "mlp_in", "attn_k", "mlp_out"]
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in self.names])

    def forward(self, x: torch.Tensor, skip_attn: bool = False) -> torch.Tensor:
        for name, layer in zip(self.names, self.layers):
            if skip_attn and "attn" in name:
                continue
            x = x + layer(x) if name.endswith("_out") else layer(x)
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = Encoder()

    def forward(self, x, skip: bool):
        return self.enc(x, skip)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), True), (torch.randn(3, 4), False)]
