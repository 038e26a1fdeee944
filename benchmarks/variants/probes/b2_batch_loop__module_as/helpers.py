import torch
from torch import nn


def model_forward(self, x):
    outs = []
    for b in range(x.shape[0]):
        outs.append(self.fc(x[b]).softmax(-1))
    return torch.stack(outs)
