# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def _normalize_inputs(module, args, kwargs):
    (x,) = args
    x = (x - x.mean(-1, keepdim=True)) / (x.std(-1, keepdim=True) + 1e-5)
    return (x,), kwargs


class Tagger(nn.Module):
    def __init__(self, dim=8, tags=5):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, tags)
        self.encoder.register_forward_pre_hook(_normalize_inputs, with_kwargs=True)

    def forward(self, x):
        return self.out(torch.tanh(self.encoder(x)))


Model = Tagger


def inputs():
    torch.manual_seed(4614)
    return [(torch.randn(2, 8) * 3 + 1,), (torch.randn(4, 8),)]
