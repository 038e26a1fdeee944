# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DomainAdaptedClassifier(nn.Module):
    """Per-domain learned bias; the deployed domain is fixed in the config."""

    def __init__(self, dim=8, classes=4, domains=("news", "web", "chat"), domain="web"):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, 16), nn.Tanh())
        self.classifier = nn.Linear(16, classes)
        self.domain_bias = nn.ParameterDict({d: nn.Parameter(torch.randn(classes) * 0.1) for d in domains})
        self.domain = domain

    def forward(self, x):
        logits = self.classifier(self.encoder(x))
        return logits + self.domain_bias[self.domain]


Model = DomainAdaptedClassifier


def inputs():
    torch.manual_seed(11)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
