# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MixtureLogLikelihood(nn.Module):
    """Mixture-of-softmaxes log-likelihood: mixes in float64, returns in the input dtype."""

    def __init__(self, dim=8, comps=3, classes=5):
        super().__init__()
        self.comps, self.classes = comps, classes
        self.prior = nn.Linear(dim, comps)
        self.heads = nn.Linear(dim, comps * classes)

    def forward(self, h):
        log_prior = self.prior(h).double().log_softmax(-1)
        logits = self.heads(h).double().unflatten(-1, (self.comps, self.classes))
        log_mix = torch.logsumexp(log_prior.unsqueeze(-1) + logits.log_softmax(-1), dim=-2)
        return log_mix.to(h.dtype)


Model = MixtureLogLikelihood


def inputs():
    torch.manual_seed(4912)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
