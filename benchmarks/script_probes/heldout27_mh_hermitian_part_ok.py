# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class HermitianHamiltonian(nn.Module):
    """Physics: a learned complex matrix made Hermitian with its conjugate transpose, then applied."""

    def __init__(self, n: int = 4):
        super().__init__()
        self.re = nn.Parameter(torch.randn(n, n))
        self.im = nn.Parameter(torch.randn(n, n))

    def hamiltonian(self):
        a = torch.complex(self.re, self.im)
        return 0.5 * (a + a.mH)

    def forward(self, psi):
        h = self.hamiltonian()
        energy = (psi.conj() @ h @ psi.mT).diagonal(dim1=-2, dim2=-1)
        return energy.real


Model = HermitianHamiltonian


def inputs():
    torch.manual_seed(2713)
    return [
        (torch.randn(1, 4, dtype=torch.complex64),),
        (torch.randn(3, 2, 4, dtype=torch.complex64),),
    ]
