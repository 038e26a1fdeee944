import torch
import torch.nn as nn


class TokenEncoder(nn.Module):
    def __init__(self, vocab=50, dim=16, pad_id=0):
        super().__init__()
        self.pad_id = pad_id
        self.embed = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, tokens):
        h = self.embed(tokens)
        has_pad = (tokens == self.pad_id).any()
        if has_pad:  # breaks: compile,export,trace
            keep = (tokens != self.pad_id).unsqueeze(-1).to(h.dtype)
            h = h * keep
        return self.proj(h).mean(1)


Model = TokenEncoder


def inputs():
    torch.manual_seed(0)
    a = torch.randint(1, 50, (3, 7))
    b = torch.randint(1, 50, (3, 7))
    b[:, 5:] = 0
    c = torch.randint(0, 50, (5, 9))
    c[0, -3:] = 0
    return [(a,), (b,), (c,)]
