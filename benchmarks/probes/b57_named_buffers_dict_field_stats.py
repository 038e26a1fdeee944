# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FieldStandardizer(nn.Module):
    """Tabular: per-field mean/std buffers named '<field>_mean' and '<field>_std'; forward reads
    them back through dict(self.named_buffers()) by field name."""

    def __init__(self, fields=("age", "income", "tenure")):
        super().__init__()
        self.fields = tuple(fields)
        for i, f in enumerate(self.fields):
            self.register_buffer(f"{f}_mean", torch.tensor(float(i)))
            self.register_buffer(f"{f}_std", torch.tensor(1.0 + i))
        self.head = nn.Linear(len(self.fields), 1)

    def forward(self, x):
        stats = dict(self.named_buffers())
        mean = torch.stack([stats[f"{f}_mean"] for f in self.fields])
        std = torch.stack([stats[f"{f}_std"] for f in self.fields])
        return self.head((x - mean) / std)


Model = FieldStandardizer


def inputs():
    torch.manual_seed(5718)
    return [(torch.randn(4, 3),), (torch.randn(2, 5, 3),)]
