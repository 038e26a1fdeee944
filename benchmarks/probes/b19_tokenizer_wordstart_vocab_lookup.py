import torch
from torch import nn

VOCAB = ["<pad>", "<s>", "</s>", "\u2581the", "\u2581cat", "s", "\u2581sat", "ing", "\u2581on", "\u2581mat", "ed", "\u2581a"]


class TokenizerMixin:
    vocab = VOCAB
    pad_id = 0

    def convert_ids_to_tokens(self, ids):
        return [self.vocab[i] for i in ids if i != self.pad_id]  # breaks: export

    def word_starts(self, input_ids):
        rows = []
        for row in input_ids.tolist():  # breaks: compile,trace
            toks = self.convert_ids_to_tokens(row)
            rows.append([1.0 if t.startswith("\u2581") else 0.0 for t in toks] + [0.0] * (len(row) - len(toks)))
        return torch.tensor(rows)


class Model(nn.Module, TokenizerMixin):
    def __init__(self, dim=8):
        super().__init__()
        self.embed = nn.Embedding(len(self.vocab), dim, padding_idx=self.pad_id)
        self.head = nn.Linear(dim, 2)

    def forward(self, input_ids):
        h = self.embed(input_ids)
        starts = self.word_starts(input_ids).unsqueeze(-1)
        pooled = (h * starts).sum(1) / starts.sum(1).clamp(min=1)
        return self.head(pooled)


def inputs():
    torch.manual_seed(29)
    return [(torch.tensor([[1, 3, 4, 5, 6, 2], [1, 11, 9, 2, 0, 0]]),), (torch.tensor([[1, 3, 4, 7, 8, 11, 9, 10, 2]]),)]
