# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """AdaFace head: the margin adapts to the feature norm, standardised by running statistics
    of the batch norms; the latest batch mean is kept for the training logs."""

    def __init__(self, d: int = 8, n_cls: int = 4, m: float = 0.4, h: float = 0.33):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_cls, d))
        self.m, self.h = m, h
        self.register_buffer("norm_mean", torch.tensor(20.0))
        self.register_buffer("norm_std", torch.tensor(100.0))
        self.last_norm_mean = 0.0

    def forward(self, emb: torch.Tensor, label: torch.Tensor) -> torch.Tensor:
        norms = emb.norm(dim=1, keepdim=True).clamp(0.001, 100)  # breaks: script
        self.last_norm_mean = norms.mean().item()  # breaks: compile
        scaler = ((norms - self.norm_mean) / (self.norm_std + 1e-3) * self.h).clamp(-1, 1)
        cos = F.linear(F.normalize(emb), F.normalize(self.weight)).clamp(-1 + 1e-3, 1 - 1e-3)
        one_hot = F.one_hot(label, cos.shape[1]).to(cos.dtype)
        theta = torch.acos(cos) + one_hot * (-self.m * scaler)
        return torch.cos(theta.clamp(1e-3, 3.14)) - one_hot * (self.m + self.m * scaler)


def inputs():
    torch.manual_seed(7524)
    return [
        (torch.randn(3, 8), torch.tensor([0, 3, 1])),
        (torch.randn(3, 8) * 9, torch.tensor([2, 2, 0])),
    ]
