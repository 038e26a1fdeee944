import torch
from torch import Tensor, nn


class MaskingMixin:
    @staticmethod
    def _is_dense(mask: Tensor) -> bool:
        return torch.count_nonzero(mask) == mask.numel()

    def masked_mean(self, x: Tensor, mask: Tensor) -> Tensor:
        if self._is_dense(mask):  # breaks: compile,export,trace
            return x.mean(1)
        m = mask.unsqueeze(-1).to(x.dtype)
        return (x * m).sum(1) / m.sum(1).clamp(min=1.0)


class SetEncoder(MaskingMixin, nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
        self.rho = nn.Linear(dim, dim)

    def forward(self, x: Tensor, mask: Tensor) -> Tensor:
        return self.rho(self.masked_mean(self.phi(x), mask))


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.enc = SetEncoder(dim)
        self.out = nn.Linear(dim, 2)

    def forward(self, x: Tensor, mask: Tensor) -> Tensor:
        return self.out(self.enc(x, mask))


def inputs():
    return [
        (torch.randn(2, 4, 8), torch.ones(2, 4, dtype=torch.bool)),
        (torch.randn(2, 5, 8), torch.tensor([[1, 1, 1, 0, 0], [1, 0, 0, 0, 0]], dtype=torch.bool)),
    ]
