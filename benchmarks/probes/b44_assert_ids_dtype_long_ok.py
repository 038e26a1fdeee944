# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BagOfWordsClassifier(nn.Module):
    def __init__(self, vocab=50, dim=8, classes=3, pad_id=0):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=pad_id)
        self.pad_id = pad_id
        self.out = nn.Linear(dim, classes)

    def forward(self, input_ids: torch.Tensor):
        assert input_ids.dtype == torch.long, f"input_ids must be int64, got {input_ids.dtype}"
        assert input_ids.dim() == 2, "expected (batch, seq)"
        mask = (input_ids != self.pad_id).unsqueeze(-1).float()
        pooled = (self.embed(input_ids) * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.out(pooled)


Model = BagOfWordsClassifier


def inputs():
    torch.manual_seed(15)
    return [(torch.randint(0, 50, (2, 6)),), (torch.randint(0, 50, (3, 9)),)]
