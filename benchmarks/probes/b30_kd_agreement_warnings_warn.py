import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def mlp(dims):
    layers = []
    for a, b in zip(dims[:-1], dims[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers[:-1])


class DistillationLoss(nn.Module):
    def __init__(self, student, teacher, temperature=4.0, alpha=0.7, min_agreement=0.5):
        super().__init__()
        self.student, self.teacher = student, teacher
        self.T, self.alpha, self.min_agreement = temperature, alpha, min_agreement
        self.teacher.requires_grad_(False)

    def forward(self, x, labels):
        s_logits = self.student(x)
        with torch.no_grad():
            t_logits = self.teacher(x)
        agreement = (s_logits.argmax(-1) == t_logits.argmax(-1)).float().mean()
        if agreement < self.min_agreement:  # breaks: compile,export
            warnings.warn("student and teacher disagree on most of the batch")
        kd = F.kl_div(F.log_softmax(s_logits / self.T, -1), F.softmax(t_logits / self.T, -1), reduction="batchmean")
        ce = F.cross_entropy(s_logits, labels)
        return self.alpha * kd * self.T ** 2 + (1 - self.alpha) * ce


class Model(DistillationLoss):
    def __init__(self):
        super().__init__(student=mlp([16, 24, 6]), teacher=mlp([16, 64, 64, 6]))


def inputs():
    torch.manual_seed(3028)
    return [(torch.randn(8, 16), torch.randint(0, 6, (8,))), (torch.randn(6, 16), torch.randint(0, 6, (6,)))]
