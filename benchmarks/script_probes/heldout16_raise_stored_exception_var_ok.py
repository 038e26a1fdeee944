# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, num_tokens=32, dim=8):
        super().__init__()
        self.emb = nn.Embedding(num_tokens, dim)
        self.max_len = 16

    def forward(self, ids):
        if ids.size(1) > self.max_len:
            err = ValueError("sequence longer than max_len")
            raise err
        return self.emb(ids).sum(1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randint(0, 32, (2, 5)),), (torch.randint(0, 32, (3, 9)),)]
