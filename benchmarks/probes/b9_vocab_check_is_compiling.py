import torch
from torch import nn


class TokenEmbedding(nn.Module):
    def __init__(self, vocab: int = 10, dim: int = 8, padding_idx: int = 0):
        super().__init__()
        self.vocab = vocab
        self.embed = nn.Embedding(vocab, dim, padding_idx=padding_idx)
        self.scale = dim**0.5

    def forward(self, ids):
        if not torch.compiler.is_compiling():
            if ids.max().item() >= self.vocab:
                raise IndexError(f"token id out of range for vocab of {self.vocab}")
        return self.embed(ids) * self.scale


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = TokenEmbedding()
        self.mixer = nn.Conv1d(8, 8, 3, padding=1)
        self.out = nn.Linear(8, 10)

    def forward(self, ids):
        h = self.mixer(self.tok(ids).transpose(1, 2)).transpose(1, 2)
        return self.out(torch.relu(h))


def inputs():
    torch.manual_seed(0)
    return [(torch.randint(0, 10, (2, 5)),), (torch.randint(0, 10, (3, 4)),)]
