import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self, dim: int = 8, vocab: int = 6):
        super().__init__()
        self.head = nn.Linear(dim, vocab)

    def forward(self, h, labels):
        logits = self.head(h).float()
        logp = logits.log_softmax(-1)
        picked = logp.gather(-1, labels.clamp(min=0).unsqueeze(-1)).squeeze(-1)
        valid = (labels >= 0).to(logp.dtype)
        acc = (logits.argmax(-1) == labels).to(logp.dtype)
        return -(picked * valid).sum() / valid.sum().clamp(min=1), (acc * valid).sum()


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, h, labels):
        return self.block(h, labels)


def inputs():
    return [
        (torch.randn(2, 4, 8), torch.tensor([[1, -1, 3, 0], [2, 2, -1, 5]])),
        (torch.randn(3, 4, 8), torch.tensor([[0, 0, 0, -1], [1, 2, 3, 4], [-1, -1, 5, 5]])),
    ]
