import torch
import torch.nn.functional as F
from torch import Tensor, nn


class PyramidReduce(nn.Module):
    """Listen-Attend-Spell pyramidal BLSTM step: concatenate neighbouring frames."""

    def __init__(self, dim: int):
        super().__init__()
        self.proj = nn.Linear(2 * dim, dim)

    @staticmethod
    def _even(x: Tensor) -> Tensor:
        if x.size(1) % 2 == 1:  # breaks: trace
            x = F.pad(x, (0, 0, 0, 1))
        return x

    def forward(self, x: Tensor) -> Tensor:
        x = self._even(x)
        b, t, d = x.shape
        return torch.tanh(self.proj(x.reshape(b, t // 2, 2 * d)))


class Model(nn.Module):
    def __init__(self, feat: int = 6, dim: int = 8):
        super().__init__()
        self.inp = nn.Linear(feat, dim)
        self.layers = nn.Sequential(PyramidReduce(dim), PyramidReduce(dim))

    def forward(self, feats: Tensor) -> Tensor:
        return self.layers(self.inp(feats))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8, 6),), (torch.randn(2, 11, 6),)]
