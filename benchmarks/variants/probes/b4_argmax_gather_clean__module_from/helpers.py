import torch
from torch import nn


def model_forward(self, h, labels):
    logits = self.head(h).float()
    logp = logits.log_softmax(-1)
    picked = logp.gather(-1, labels.clamp(min=0).unsqueeze(-1)).squeeze(-1)
    valid = (labels >= 0).to(logp.dtype)
    acc = (logits.argmax(-1) == labels).to(logp.dtype)
    return -(picked * valid).sum() / valid.sum().clamp(min=1), (acc * valid).sum()
