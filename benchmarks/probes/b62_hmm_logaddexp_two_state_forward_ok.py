# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def log_matvec(log_alpha: torch.Tensor, log_trans: torch.Tensor) -> torch.Tensor:
    """log(alpha @ A) for a two-state chain, spelled with logaddexp (no logsumexp over a stack)."""
    to0 = torch.logaddexp(log_alpha[:, 0] + log_trans[0, 0], log_alpha[:, 1] + log_trans[1, 0])
    to1 = torch.logaddexp(log_alpha[:, 0] + log_trans[0, 1], log_alpha[:, 1] + log_trans[1, 1])
    return torch.stack([to0, to1], dim=-1)


class GaussianEmission(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.mu = nn.Parameter(torch.randn(2, dim) * 0.5)
        self.log_sigma = nn.Parameter(torch.zeros(2, dim))

    def forward(self, obs: torch.Tensor) -> torch.Tensor:  # (B, T, D) -> (B, T, 2)
        z = (obs.unsqueeze(-2) - self.mu) / self.log_sigma.exp()
        return (-0.5 * z.pow(2) - self.log_sigma - 0.9189385).sum(-1)


class Model(nn.Module):
    """Two-regime (calm / volatile) HMM over feature windows; returns log-likelihood and the
    filtered probability of the volatile regime at the last step."""

    def __init__(self, dim: int = 3, steps: int = 12):
        super().__init__()
        self.steps = steps
        self.trans_logits = nn.Parameter(torch.tensor([[2.0, -2.0], [-1.0, 1.0]]))
        self.init_logits = nn.Parameter(torch.zeros(2))
        self.emission = GaussianEmission(dim)
        self.encoder = nn.Linear(dim, dim)

    def forward(self, obs: torch.Tensor):
        obs = obs + 0.1 * torch.tanh(self.encoder(obs))
        log_e = self.emission(obs)
        log_trans = F.log_softmax(self.trans_logits, dim=-1)
        log_alpha = F.log_softmax(self.init_logits, 0) + log_e[:, 0]
        for t in range(1, self.steps):
            log_alpha = log_matvec(log_alpha, log_trans) + log_e[:, t]
        loglik = torch.logaddexp(log_alpha[:, 0], log_alpha[:, 1])
        return loglik, (log_alpha[:, 1] - loglik).exp()


def inputs():
    torch.manual_seed(6214)
    return [(torch.randn(2, 12, 3),), (torch.randn(5, 12, 3) * 2,)]
