# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


def eigengap_k(affinity: torch.Tensor, max_k: int) -> int:
    """Number of speakers: position of the largest gap in the affinity's sorted spectrum."""
    eig = torch.linalg.eigvalsh(affinity).flip(0)[: max_k + 1]
    return int(torch.argmax(eig[:-1] - eig[1:])) + 1  # breaks: compile,export,trace


ESTIMATORS = {"eigengap": functools.partial(eigengap_k, max_k=3)}


class Model(nn.Module):
    """Spectral diarization read-out: segment embeddings are scored against the first k
    segments chosen as speaker anchors, k estimated from the affinity spectrum."""

    def __init__(self, d: int = 4, estimator: str = "eigengap"):
        super().__init__()
        self.proj = nn.Linear(d, d, bias=False)
        self.count = ESTIMATORS[estimator]

    def forward(self, emb: torch.Tensor) -> torch.Tensor:
        z = nn.functional.normalize(self.proj(emb), dim=-1)
        aff = (z @ z.T).clamp(min=0)
        k = self.count(aff)  # breaks: script
        anchors = z[:k]
        return torch.softmax(z @ anchors.T * 10, -1).sum(0)


def inputs():
    torch.manual_seed(7521)
    two = torch.cat([torch.randn(1, 4).expand(4, 4), -torch.randn(1, 4).expand(4, 4)]) + 0.01 * torch.randn(8, 4)
    return [(torch.randn(8, 4),), (two,)]
