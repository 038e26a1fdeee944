import itertools

import torch
import torch.nn as nn


class InputValidationMixin:
    strict_ids: bool = True

    def check_ids(self, ids, field_dims):
        if not self.strict_ids:
            return
        hi = ids.max(dim=0).values
        for f, card in enumerate(field_dims):
            if hi[f].item() >= card:
                raise IndexError(f"field {f}: id {hi[f].item()} out of range for cardinality {card}")


class FactorizationMachine(nn.Module):
    def forward(self, emb):
        square_of_sum = emb.sum(1).pow(2)
        sum_of_square = emb.pow(2).sum(1)
        return 0.5 * (square_of_sum - sum_of_square).sum(1, keepdim=True)


class DeepFM(InputValidationMixin, nn.Module):
    def __init__(self, field_dims=(10, 6, 20, 4), embed_dim=8, mlp_dims=(32, 16), dropout=0.2):
        super().__init__()
        self.field_dims = tuple(field_dims)
        offsets = (0, *itertools.accumulate(field_dims))[:-1]
        self.register_buffer("offsets", torch.tensor(offsets, dtype=torch.long))
        total = sum(field_dims)
        self.embedding = nn.Embedding(total, embed_dim)
        self.linear = nn.Embedding(total, 1)
        self.bias = nn.Parameter(torch.zeros(1))
        self.fm = FactorizationMachine()
        layers, prev = [], len(field_dims) * embed_dim
        for d in mlp_dims:
            layers += [nn.Linear(prev, d), nn.BatchNorm1d(d), nn.ReLU(), nn.Dropout(dropout)]
            prev = d
        self.mlp = nn.Sequential(*layers, nn.Linear(prev, 1))

    def forward(self, x):
        self.check_ids(x, self.field_dims)
        x = x + self.offsets
        emb = self.embedding(x)
        y = self.linear(x).sum(1) + self.bias + self.fm(emb) + self.mlp(emb.flatten(1))
        return torch.sigmoid(y.squeeze(1))


Model = DeepFM


def inputs():
    torch.manual_seed(285)
    dims = (10, 6, 20, 4)
    return [
        (torch.stack([torch.randint(0, d, (8,)) for d in dims], 1),),
        (torch.stack([torch.randint(0, d, (3,)) for d in dims], 1),),
    ]
