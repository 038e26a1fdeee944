import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x, target):
    logits = self.fc(x)
    logp = F.log_softmax(logits, -1)
    true = F.one_hot(target, self.classes).float()
    true = true * (1 - self.smoothing) + self.smoothing / self.classes
    return -(true * logp).sum(-1).mean()
