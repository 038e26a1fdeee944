# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


@torch.jit.interface
class HeadInterface(nn.Module):
    def forward(self, h: Tensor) -> Tensor:
        pass


class ClassificationHead(nn.Module):
    def __init__(self, d: int, classes: int):
        super().__init__()
        self.fc = nn.Linear(d, classes)

    def forward(self, h: Tensor) -> Tensor:
        return self.fc(h).log_softmax(dim=-1)


class RegressionHead(nn.Module):
    def __init__(self, d: int, targets: int):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(d, d), nn.Tanh(), nn.Linear(d, targets))

    def forward(self, h: Tensor) -> Tensor:
        return self.fc(h)


HEADS = {"sentiment": (ClassificationHead, 3), "topic": (ClassificationHead, 5), "score": (RegressionHead, 1)}


class MultiTaskModel(nn.Module):
    """Shared text encoder; the task name picks the head at call time."""

    def __init__(self, vocab: int = 100, d: int = 16):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, d, mode="mean")
        self.shared = nn.Sequential(nn.Linear(d, d), nn.ReLU())
        self.heads = nn.ModuleDict({name: cls(d, n) for name, (cls, n) in HEADS.items()})

    def forward(self, tokens: Tensor, task: str) -> Tensor:
        h = self.shared(self.embed(tokens))
        head: HeadInterface = self.heads[task]
        return head.forward(h)


class Model(nn.Module):
    """Deployment wrapper serving one task of the multi-task model."""

    def __init__(self, task: str = "topic"):
        super().__init__()
        self.task = task
        self.mt = MultiTaskModel()

    def forward(self, tokens: Tensor) -> Tensor:
        return self.mt(tokens, self.task)


def inputs():
    torch.manual_seed(5623)
    return [(torch.randint(0, 100, (2, 7)),), (torch.randint(0, 100, (4, 11)),)]
