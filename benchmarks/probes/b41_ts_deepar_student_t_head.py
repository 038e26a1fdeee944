# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import StudentT


@dataclass
class DeepARConfig:
    num_feat_dynamic: int = 2
    cardinality: int = 5
    embedding_dim: int = 3
    hidden: int = 16
    num_layers: int = 2
    minimum_scale: float = 1e-6


class StudentTOutput(nn.Module):
    """Projects the RNN state to the (df, loc, scale) of a Student-t, GluonTS-style."""

    def __init__(self, in_features: int):
        super().__init__()
        self.proj = nn.Linear(in_features, 3)

    @staticmethod
    def squareplus(x: torch.Tensor) -> torch.Tensor:
        return (x + torch.sqrt(x * x + 4.0)) / 2.0

    def forward(self, h: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        df, loc, scale = self.proj(h).unbind(-1)
        return 2.0 + self.squareplus(df), loc, self.squareplus(scale).clamp_min(torch.finfo(h.dtype).eps)

    def distribution(self, params, scale: Optional[torch.Tensor] = None) -> StudentT:
        df, loc, sc = params
        if scale is not None:
            loc, sc = loc * scale, sc * scale
        return StudentT(df, loc, sc)


class DeepAR(nn.Module):
    def __init__(self, cfg: DeepARConfig = DeepARConfig()):
        super().__init__()
        self.cfg = cfg
        self.embedder = nn.Embedding(cfg.cardinality, cfg.embedding_dim)
        self.rnn = nn.LSTM(1 + cfg.num_feat_dynamic + cfg.embedding_dim, cfg.hidden, cfg.num_layers, batch_first=True)
        self.distr = StudentTOutput(cfg.hidden)

    def mean_scale(self, target: torch.Tensor, observed: torch.Tensor) -> torch.Tensor:
        num = (target.abs() * observed).sum(1, keepdim=True)
        den = observed.sum(1, keepdim=True)
        default = num.sum(0) / den.sum(0).clamp_min(1.0)
        scale = torch.where(den > 0, num / den.clamp_min(1.0), default)
        return scale.clamp_min(self.cfg.minimum_scale)

    def forward(self, past_target, past_observed, feat_dynamic, series_id):
        scale = self.mean_scale(past_target, past_observed)
        scaled = past_target / scale
        T = past_target.size(1)
        static = self.embedder(series_id).unsqueeze(1).expand(-1, T, -1)
        rnn_in = torch.cat([scaled.unsqueeze(-1), feat_dynamic, static], dim=-1)
        out, _ = self.rnn(rnn_in)
        df, loc, sc = self.distr(out)
        # step t predicts t + 1: the context likelihood uses all but the last step
        teacher = self.distr.distribution((df[:, :-1], loc[:, :-1], sc[:, :-1]), scale)
        nll = -(teacher.log_prob(past_target[:, 1:]) * past_observed[:, 1:]).sum(1)
        forecast = self.distr.distribution((df[:, -1], loc[:, -1], sc[:, -1]), scale.squeeze(1))
        return forecast.mean, forecast.stddev, nll


Model = DeepAR


def inputs():
    torch.manual_seed(4119)
    def batch(n, t):
        target = torch.randn(n, t).abs() * 10
        observed = torch.ones(n, t)
        observed[0, : t // 3] = 0
        return target, observed, torch.randn(n, t, 2), torch.randint(0, 5, (n,))
    return [batch(3, 12), batch(2, 8)]
