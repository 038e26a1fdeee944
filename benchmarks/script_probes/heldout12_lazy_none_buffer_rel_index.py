# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


def relative_index(n: int) -> torch.Tensor:
    pos = torch.arange(n)
    return (pos[:, None] - pos[None, :]) + n - 1


class RelPosBias(nn.Module):
    def __init__(self, max_len: int = 8, heads: int = 2):
        super().__init__()
        self.table = nn.Parameter(torch.randn(2 * max_len - 1, heads) * 0.02)
        self.register_buffer("rel_index", None, persistent=False)

    def forward(self, attn: torch.Tensor) -> torch.Tensor:
        n = attn.shape[-1]
        if self.rel_index is None or self.rel_index.shape[0] != n:
            self.rel_index = relative_index(n)
        bias = self.table[self.rel_index].permute(2, 0, 1)
        return attn + bias.unsqueeze(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = RelPosBias()

    def forward(self, attn):
        return self.bias(attn).softmax(-1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 2, 5, 5),), (torch.randn(3, 2, 8, 8),)]
