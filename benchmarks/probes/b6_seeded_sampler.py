import torch
from torch import nn


class Sampler(nn.Module):
    def __init__(self, seed: int = 1234):
        super().__init__()
        self.seed = seed

    def forward(self, logits, temperature: float = 0.8):
        gen = torch.Generator().manual_seed(self.seed)  # breaks: compile,trace
        probs = (logits / temperature).softmax(-1)
        return torch.multinomial(probs, 1, generator=gen).squeeze(-1)  # breaks: compile


class Model(nn.Module):
    def __init__(self, dim: int = 8, vocab: int = 16):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.sampler = Sampler()

    def forward(self, h):
        return self.sampler(self.lm_head(h[:, -1]))


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(3, 5, 8),)]
