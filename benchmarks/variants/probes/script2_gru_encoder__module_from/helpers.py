import torch
from torch import nn


def model_forward(self, x):
    h, _ = self.rnn(torch.tanh(self.emb(x)))
    return self.out(h[:, -1])
