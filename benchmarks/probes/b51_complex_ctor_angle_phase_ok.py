# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ComplexMaskHead(nn.Module):
    """Predicts a complex ratio mask from (real, imag) channels and applies it."""

    def __init__(self, freq: int = 9):
        super().__init__()
        self.net = nn.Conv1d(2 * freq, 2 * freq, 3, padding=1)

    def forward(self, real: Tensor, imag: Tensor):
        spec = torch.complex(real, imag)
        h = self.net(torch.cat([spec.real, spec.imag], dim=1))
        m_re, m_im = h.chunk(2, dim=1)
        mask = torch.complex(torch.tanh(m_re), torch.tanh(m_im))
        est = spec * mask
        return est.abs(), est.angle()


Model = ComplexMaskHead


def inputs():
    torch.manual_seed(5114)
    return [(torch.randn(1, 9, 6), torch.randn(1, 9, 6)), (torch.randn(2, 9, 11), torch.randn(2, 9, 11))]
