import math

import torch
import torch.nn as nn
from torch import Tensor


class S4DKernel(nn.Module):
    def __init__(self, d_model: int, N: int = 8, dt_min: float = 1e-3, dt_max: float = 1e-1):
        super().__init__()
        log_dt = torch.rand(d_model) * (math.log(dt_max) - math.log(dt_min)) + math.log(dt_min)
        self.log_dt = nn.Parameter(log_dt)
        self.C = nn.Parameter(torch.view_as_real(torch.randn(d_model, N // 2, dtype=torch.cfloat)))
        self.log_A_real = nn.Parameter(torch.log(0.5 * torch.ones(d_model, N // 2)))
        self.A_imag = nn.Parameter(math.pi * torch.arange(N // 2).float().repeat(d_model, 1))

    def forward(self, L: int) -> Tensor:
        dt = torch.exp(self.log_dt)
        C = torch.view_as_complex(self.C)
        A = -torch.exp(self.log_A_real) + 1j * self.A_imag
        dtA = A * dt.unsqueeze(-1)
        K = dtA.unsqueeze(-1) * torch.arange(L, device=A.device)
        C = C * (torch.exp(dtA) - 1.0) / A
        return 2 * torch.einsum("hn,hnl->hl", C, torch.exp(K)).real


class Model(nn.Module):
    def __init__(self, d_model: int = 6):
        super().__init__()
        self.kernel = S4DKernel(d_model)
        self.D = nn.Parameter(torch.randn(d_model))
        self.out = nn.Conv1d(d_model, 2 * d_model, 1)

    def forward(self, u: Tensor) -> Tensor:
        L = u.size(-1)
        k = self.kernel(L)
        k_f = torch.fft.rfft(k, n=2 * L)
        u_f = torch.fft.rfft(u, n=2 * L)
        y = torch.fft.irfft(u_f * k_f, n=2 * L)[..., :L]
        y = y + u * self.D.unsqueeze(-1)
        return nn.functional.glu(self.out(nn.functional.gelu(y)), dim=-2)


def inputs():
    torch.manual_seed(267)
    return [(torch.randn(2, 6, 16),), (torch.randn(3, 6, 25),)]
